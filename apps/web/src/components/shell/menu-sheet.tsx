"use client";
import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import { usePathname } from "next/navigation";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";

/** From this width the header shows its nav inline and hides the menu button (shell-header.css uses the same 1280 px). */
const WIDE_HEADER_QUERY = "(min-width: 1280px)";
const SHEET_ID = "site-menu";
const TITLE_ID = "site-menu-title";

interface Props {
  /** The button's and the sheet's name. */
  label: string;
  closeLabel: string;
  /** The sheet's content, rendered by the server and mounted only while the sheet is open. */
  children: ReactNode;
}

/**
 * The header's menu button and the full-height sheet it opens. A modal `<dialog>` gives the focus trap, Escape and
 * the inert page behind; this component only wires the button's state and returns focus. The content mounts while the
 * sheet is open, so the wide header's menus and the sheet's never exist twice in the page at rest.
 */
export function MenuSheet({ label, closeLabel, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const pathname = usePathname();
  const openedOn = useRef(pathname);

  const show = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    closer.current?.focus();
    // The sheet (its bar and close button) is painted at once; its content renders right after, in a transition
    // React gives the frame back from, so the tap's next paint does not wait for the menus (issue 36: INP).
    startTransition(() => setOpen(true));
  };
  const close = () => dialog.current?.close();

  // Escape, the close button and the backdrop all end in the dialog's close event.
  const onClose = () => {
    setOpen(false);
    opener.current?.focus();
  };

  // Escape while a menu inside the sheet is open (the language list) closes that menu only.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    const inner = dialog.current?.querySelector<HTMLDetailsElement>("details[open]");
    if (!inner) return;
    event.preventDefault();
    inner.open = false;
    inner.querySelector("summary")?.focus();
  };

  // A click outside the sheet's box (its backdrop, on wider screens) lands on the dialog element itself.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  // A link in the sheet navigated on the client (the header stays mounted): the sheet closes on the new page.
  useEffect(() => {
    if (openedOn.current === pathname) return;
    openedOn.current = pathname;
    dialog.current?.close();
  }, [pathname]);

  // Widening the window past the breakpoint hides the button; an open sheet would leave the page inert behind it.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_HEADER_QUERY);
    const onChange = () => {
      if (wide.matches) dialog.current?.close();
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [open]);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="icon-button menu-button"
        data-testid="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={SHEET_ID}
        onClick={show}
        {...notReadyProps(hydrated)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span className="visually-hidden">{label}</span>
      </button>
      <dialog
        ref={dialog}
        id={SHEET_ID}
        className="nav-sheet"
        data-testid="menu-sheet"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        onClose={onClose}
        onCancel={onCancel}
        onClick={onClick}
      >
        <div className="sheet-bar">
          <h2 id={TITLE_ID} className="sheet-title">
            {label}
          </h2>
          <button
            ref={closer}
            type="button"
            className="icon-button sheet-close"
            data-testid="menu-close"
            aria-label={closeLabel}
            onClick={close}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="sheet-body">{open && children}</div>
      </dialog>
    </>
  );
}
