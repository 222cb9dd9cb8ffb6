// Customer text in a mail's headers (a project's or an organization's name in the subject, kept from before names
// refused line breaks): one Subject line, no header of the attacker's, by SMTP and in the development mailbox and
// log line alike.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail/send-mail";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { uniqueEmail } from "../factories";

const HOSTILE = "3 new issues on Shop\r\nBcc: victim@evil.example\r\nX-Injected: 1\n\nbody";

let smtp: FakeSmtp;
beforeAll(async () => { smtp = await startFakeSmtp(); });
afterAll(() => smtp.close());
afterEach(() => { delete process.env.SMTP_URL; vi.restoreAllMocks(); });

describe("a subject with line breaks", () => {
  it("reaches the SMTP server as one Subject line, with no Bcc or injected header", async () => {
    process.env.SMTP_URL = smtp.url;
    const to = uniqueEmail("hdr");
    await sendMail({ to, subject: HOSTILE, text: "hello" });
    const [mail] = await smtp.waitFor(to);
    const head = mail.raw.split(/\r?\n\r?\n/)[0];
    expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail.to).toEqual([to]);
    expect(mail.subject).toBe("3 new issues on Shop Bcc: victim@evil.example X-Injected: 1 body");
    expect(mail.text.trim()).toBe("hello");
  });

  it("is stored and logged on one line when no SMTP server is configured", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void lines.push(a.join(" ")));
    const to = uniqueEmail("hdr-dev");
    await sendMail({ to, subject: HOSTILE, text: "hello" });
    const stored = await db.devMail.findFirstOrThrow({ where: { to } });
    expect(stored.subject).toBe("3 new issues on Shop Bcc: victim@evil.example X-Injected: 1 body");
    expect(lines.filter((l) => l.startsWith("[mail]"))).toEqual([`[mail] to ${to}: ${stored.subject}`]);
    expect(lines.join("\n")).not.toMatch(/^(Bcc|X-Injected):/m);
  });
});
