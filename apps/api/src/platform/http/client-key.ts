import { isIPv4, isIPv6 } from "node:net";

/** The hextets of an IPv6 address, `::` expanded and an embedded IPv4 tail turned into two hextets. */
function hextets(address: string): string[] | undefined {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const bytes = v4Tail[1].split(".").map(Number);
    const pair = (a = 0, b = 0) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, -v4Tail[1].length)}${pair(bytes[0], bytes[1])}:${pair(bytes[2], bytes[3])}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => "0"), ...right].map((h) =>
    (parseInt(h, 16) || 0).toString(16),
  );
}

/**
 * The key a client address is counted under by every per-IP limit: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4 form), an IPv6 address as its /64 prefix, since one subscriber usually holds a whole /64 and
 * could otherwise take a fresh key per request.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const parts = hextets(ip);
  if (!parts) return ip;
  const mapped = parts.slice(0, 5).every((h) => h === "0") && parts[5] === "ffff";
  if (mapped) {
    const [hi = 0, lo = 0] = [parseInt(parts[6] ?? "0", 16), parseInt(parts[7] ?? "0", 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${parts.slice(0, 4).join(":")}::/64`;
}
