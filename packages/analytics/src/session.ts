import type { safeStorage } from "@affiliates/contracts";
import { STORAGE_KEYS } from "./constants";
import { sessionIdOf } from "./enrich";
import type { LocationLike } from "./world";

type Stored = Pick<ReturnType<typeof safeStorage>, "get" | "set">;

/** The session seq and the device-wide log sequence of each event; the latter is kept in storage across pages. */
interface EventSequence {
  next(): { seq: number; log_seq: number };
  /** Writes the log sequence when it changed since the last write. */
  save(): void;
}

export interface Session {
  /** When the SDK was created (ms since the epoch): the session id's time, the default time zone's date. */
  startedAt: number;
  deviceId: string;
  firstVisitTime: number;
  sessionId: string;
  sequence: EventSequence;
  /** The page's `pfb` query parameter, sent with every upload (requirements.md §7). */
  pfb: string | null;
  qrVal: string;
}

interface SessionOptions {
  stored: Stored;
  now: number;
  random: () => number;
  location: LocationLike;
  /** The device id the app knows (its fingerprint), if any: taken as the device's id when none is stored yet. */
  getDeviceId: () => string | null | undefined;
}

function randomId(random: () => number): string {
  let id = "";
  while (id.length < 24) id += Math.floor(random() * 0x100000000).toString(36);
  return id.slice(0, 24);
}

function readNumber(stored: Stored, key: string): number | null {
  const n = Number(stored.get(key) ?? NaN);
  return Number.isFinite(n) ? n : null;
}

function createEventSequence(stored: Stored): EventSequence {
  let seq = 0;
  let logSeq = readNumber(stored, STORAGE_KEYS.logSeq) ?? 0;
  let persistedLogSeq = logSeq;
  return {
    next() {
      seq += 1;
      logSeq += 1;
      return { seq, log_seq: logSeq };
    },
    save() {
      if (logSeq === persistedLogSeq) return;
      stored.set(STORAGE_KEYS.logSeq, String(logSeq)); // full or disabled storage: kept in memory for this page
      persistedLogSeq = logSeq;
    },
  };
}

/** Device, session, first visit: read once (one write at most, on a first visit); the page's query parameters. */
export function readSession(options: SessionOptions): Session {
  const { stored, random } = options;
  const startedAt = options.now;
  // The first id a device was given stays its id: a fingerprint computed on a later page (the app computes it only
  // when a sensitive call needs it) must not split one device's events across two ids.
  let deviceId = stored.get(STORAGE_KEYS.deviceId);
  if (!deviceId) {
    deviceId = options.getDeviceId() || randomId(random);
    stored.set(STORAGE_KEYS.deviceId, deviceId);
  }
  let firstVisitTime = readNumber(stored, STORAGE_KEYS.firstVisitTime);
  if (firstVisitTime === null) {
    firstVisitTime = startedAt;
    stored.set(STORAGE_KEYS.firstVisitTime, String(startedAt));
  }
  const sessionId = sessionIdOf(deviceId, startedAt, random);
  const sequence = createEventSequence(stored);

  const query = new URLSearchParams(options.location.search);
  const pfb = query.get("pfb");
  const qrVal = query.get("qr_val") ?? query.get("qrVal") ?? "";
  return { startedAt, deviceId, firstVisitTime, sessionId, sequence, pfb, qrVal };
}
