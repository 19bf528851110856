import { getImageProps, type ImageProps } from "next/image";
import { isSafeUrl } from "@affiliates/safety";

/** requirements.md §8 image errors: a static image must have src, width and height; a remote one needs a loader. */
export class ImageConfigError extends Error {
  override name = "ImageConfigError";
}

type Props = Omit<ImageProps, "src"> & { src: unknown };

/**
 * An image through Next's optimiser (served under /affiliates/_next/image, requirements.md §7) for sources that come from data:
 * an unsafe src is refused with a console warning and nothing is rendered. `getImageProps` gives the plain <img>
 * the same srcset, sizes, lazy loading and async decoding as next/image's component, without its client code
 * (about 5 KB gzip of first-load JS on the landing page).
 */
export function SafeImage({ src, alt, width, height, fill, loader, ...rest }: Props) {
  if (src === undefined || src === null || src === "") throw new ImageConfigError("Image is missing its src");
  if (typeof src !== "string" || !isSafeUrl(src)) {
    console.warn("Refused an unsafe image src:", src);
    return null;
  }
  if (!fill && (width === undefined || height === undefined))
    throw new ImageConfigError(`Image ${src} needs width and height`);
  if (/^https?:\/\//i.test(src) && !loader)
    throw new ImageConfigError(`Remote image ${src} needs a loader (the image host)`);
  // next/image's own props (srcset, sizes, loading, decoding) for a server-rendered <img>.
  const { props } = getImageProps({ src, alt, width, height, fill, loader, ...rest });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's props on a plain <img>, without its client code
  return <img {...props} alt={alt} />;
}
