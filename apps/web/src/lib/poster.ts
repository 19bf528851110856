/**
 * The referral poster: a PNG composed in the browser from the brand, the headline, the code, the invitee's
 * rebate, the QR code (antd QRCode's canvas) and the link. Layout and drawing live here; the component supplies texts.
 */
export const POSTER = { width: 720, height: 1080, qr: { x: 210, y: 520, size: 300 }, padding: 56 } as const;

export interface PosterText {
  brand: string;
  headline: string;
  code: string;
  rebate: string;
  scan: string;
  url: string;
  direction: "ltr" | "rtl";
  font: string;
}

export interface PosterColors {
  background: [string, string];
  text: string;
  accent: string;
}

export const POSTER_COLORS: PosterColors = { background: ["#0b0e11", "#0c3b46"], text: "#ffffff", accent: "#35c8e0" };

export const posterFileName = (code: string): string => `referral-${code.replace(/[^A-Za-z0-9]/g, "")}.png`;

/** Shrinks a font size until the text fits the width (at least 12 px). */
export function fittingSize(measure: (size: number) => number, size: number, maxWidth: number): number {
  let current = size;
  while (current > 12 && measure(current) > maxWidth) current -= 2;
  return current;
}

type Ctx = Pick<
  CanvasRenderingContext2D,
  | "fillStyle"
  | "font"
  | "textAlign"
  | "textBaseline"
  | "direction"
  | "fillRect"
  | "fillText"
  | "measureText"
  | "createLinearGradient"
  | "drawImage"
  | "beginPath"
  | "roundRect"
  | "fill"
>;

/** Draws the poster onto a POSTER.width × POSTER.height context; `qr` is the QR code's canvas. */
export function drawPoster(
  ctx: Ctx,
  text: PosterText,
  qr: CanvasImageSource,
  colors: PosterColors = POSTER_COLORS,
): void {
  const { width, height, padding } = POSTER;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, colors.background[0]);
  gradient.addColorStop(1, colors.background[1]);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.direction = text.direction;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const line = (value: string, y: number, size: number, weight: number, color: string) => {
    const fit = fittingSize(
      (s) => {
        ctx.font = `${weight} ${s}px ${text.font}`;
        return ctx.measureText(value).width;
      },
      size,
      width - padding * 2,
    );
    ctx.font = `${weight} ${fit}px ${text.font}`;
    ctx.fillStyle = color;
    ctx.fillText(value, width / 2, y);
  };
  line(text.brand, 110, 40, 700, colors.accent);
  line(text.headline, 220, 52, 700, colors.text);
  line(text.rebate, 310, 28, 500, colors.text);
  line(text.code, 420, 40, 700, colors.accent);
  // The QR code on a white tile with a quiet zone, so every reader finds it.
  const { x, y, size } = POSTER.qr;
  ctx.fillStyle = "#ffffff";
  ctx.beginPath();
  ctx.roundRect(x - 24, y - 24, size + 48, size + 48, 16);
  ctx.fill();
  ctx.drawImage(qr, x, y, size, size);
  line(text.scan, 910, 26, 500, colors.text);
  line(text.url, 970, 22, 400, colors.accent);
}
