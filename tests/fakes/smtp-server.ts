// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it receives, parsed
// with mailparser: what nodemailer sends through SMTP_URL arrives here exactly as a mail server would get it.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedAttachment = { filename: string | undefined; contentType: string; content: Buffer };
export type ReceivedMail = {
  from: string; to: string[]; subject: string; text: string; html: string | null; headers: ParsedMail["headers"]; raw: string; attachments: ReceivedAttachment[];
};

export type FakeSmtp = {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  readonly mails: ReceivedMail[];
  /** Mails to this address (case-insensitive), oldest first. */
  to(address: string): ReceivedMail[];
  /** Resolves once `count` mails to `address` have arrived (5 s at most). */
  waitFor(address: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : null, headers: parsed.headers, raw,
          attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, count = 1) {
      for (let i = 0; i < 100 && to(address).length < count; i++) await new Promise((r) => setTimeout(r, 50));
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
