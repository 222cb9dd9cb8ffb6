import { Card } from "@/components/ui/card";

/**
 * Any token that opens nothing (unknown, expired, revoked, or its project deleted) reads the same, with no data.
 * Its title and robots tag are rendered here: the link's metadata is what failed to resolve.
 */
export default function ShareLinkGone() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-16 focus:outline-none">
      <title>Link expired or revoked · IndexWatch</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="mb-6 text-center text-lg font-semibold text-brand-700">IndexWatch</p>
      <Card>
        <div data-testid="share-gone">
          <h1 className="text-2xl font-semibold">This link has expired or was revoked</h1>
          <p className="mt-2 text-sm text-slate-700">
            The report it pointed to is no longer shared at this address. Ask the person who sent it to you for a new link.
          </p>
        </div>
      </Card>
    </main>
  );
}
