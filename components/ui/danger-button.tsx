import type { ButtonHTMLAttributes } from "react";

// components/ui/button has no destructive variant; merging red classes into it would fight its colours.
const looks = {
  solid: "bg-red-600 text-white hover:bg-red-700",
  subtle: "text-red-700 hover:bg-red-50",
};

export function DangerButton({ look = "solid", className = "", type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { look?: keyof typeof looks }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${looks[look]} ${className}`.trim()}
      {...props}
    />
  );
}
