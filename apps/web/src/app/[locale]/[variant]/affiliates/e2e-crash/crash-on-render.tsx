"use client";
import { useEffect, useState } from "react";

export function CrashOnRender() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (mounted) throw new Error("e2e render crash");
  return null;
}
