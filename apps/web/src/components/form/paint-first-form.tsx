"use client";
import type { FormHTMLAttributes } from "react";
import { afterNextPaint } from "@/lib/after-next-paint";

/**
 * The element of an antd Form (`component={PaintFirstForm}`) whose submit is validated after the tap's frame has
 * painted. antd validates every field on submit and re-renders each one, twice, inside the submit event, where React
 * renders synchronously: on a phone that held the pressed button off the screen for 120-150 ms (issue 36's INP of the
 * link form). The default action is prevented at once, as antd does, so the page never navigates.
 */
export function PaintFirstForm({ onSubmit, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        afterNextPaint(() => onSubmit?.(event));
      }}
    />
  );
}
