// IndexWatch's service worker for web push: shows each message and opens its page on click.
self.addEventListener("push", (event) => {
  let message = { title: "IndexWatch", body: "", url: "/notifications" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, data: { url: message.url }, tag: message.type }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/notifications", self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => c.url === url);
    if (same) return same.focus();
    return self.clients.openWindow(url);
  })());
});
