import Image, { type ImageProps } from "next/image";
import { isSafeUrl } from "@affiliates/safety";

/** Spec §8 image errors: a static image must have src, width and height; a remote one needs a loader. */
export class ImageConfigError extends Error {
  override name = "ImageConfigError";
}

type Props = Omit<ImageProps, "src"> & { src: unknown };

/**
 * next/image (served by the optimiser under /affiliates/_next/image, spec §7) for sources that come from data:
 * an unsafe src is refused with a console warning and nothing is rendered.
 */
export function SafeImage({ src, alt, width, height, fill, loader, ...rest }: Props) {
  if (src === undefined || src === null || src === "") throw new ImageConfigError("Image is missing its src");
  if (typeof src !== "string" || !isSafeUrl(src)) {
    console.warn("Refused an unsafe image src:", src);
    return null;
  }
  if (!fill && (width === undefined || height === undefined)) throw new ImageConfigError(`Image ${src} needs width and height`);
  if (/^https?:\/\//i.test(src) && !loader) throw new ImageConfigError(`Remote image ${src} needs a loader (the image host)`);
  return <Image src={src} alt={alt} width={width} height={height} fill={fill} loader={loader} {...rest} />;
}
