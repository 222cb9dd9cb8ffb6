import { TabNav } from "@/components/ui/tabs";

const TABS = [
  { href: "/settings/organization", label: "Organization" },
  { href: "/settings/credits", label: "Credits" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/account", label: "Account" },
  { href: "/settings/notifications", label: "Notifications" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/sso", label: "Single sign-on" },
];

/** Tab-like links between the settings pages. */
export function SettingsNav() {
  return <TabNav label="Settings" tabs={TABS} />;
}
