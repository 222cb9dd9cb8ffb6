/** Where a project's IndexNow key file lives: the URL search engines fetch to check the key, and we verify. */
export const keyFileUrl = (domain: string, key: string) => `https://${domain}/${key}.txt`;
