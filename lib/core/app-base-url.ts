/** Where the app is served (APP_URL, else NEXTAUTH_URL), without a trailing slash: the base of every link we mail or register. */
export const appBaseUrl = () => (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
