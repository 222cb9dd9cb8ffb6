import type { Metadata } from "next";
import { NotFoundCard } from "@/components/app/not-found-card";

export const metadata: Metadata = { title: "Page not found" };

export default function AppNotFound() {
  return <NotFoundCard />;
}
