"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { accountKeys, exportMyData } from "@/lib/queries/account";
import { ErrorAlert } from "@/components/ui/error-alert";
import { localIsoDate } from "@/components/ui/format";

function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/user/me/export, saved as indexwatch-export-YYYY-MM-DD.json. */
export function ExportButton() {
  const queryClient = useQueryClient();
  const exportData = useMutation({
    mutationFn: async () => {
      const fileName = `indexwatch-export-${localIsoDate()}.json`;
      saveJson(await exportMyData(), fileName);
      return fileName;
    },
    // The export is itself recorded (data.exported) and shows up in the login history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.loginHistories() }),
  });

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => exportData.mutate()} disabled={exportData.isPending}>
          {exportData.isPending ? "Preparing your data…" : "Download my data"}
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {exportData.isSuccess ? `Downloaded ${exportData.data}.` : ""}
        </p>
      </div>
      {exportData.isError && <ErrorAlert error={exportData.error} />}
    </div>
  );
}
