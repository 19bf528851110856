/**
 * Appends `<script async src>` and settles on load or error. A failed element is removed so a later call
 * tries again.
 */
export function loadScript(src: string, doc: Document | undefined = globalThis.document): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!doc) {
      reject(new Error(`cannot load ${src}: no document`));
      return;
    }
    const script = doc.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`script failed to load: ${src}`));
    };
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}
