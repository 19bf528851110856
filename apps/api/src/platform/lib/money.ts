/** Micro-USDT per cent and per USDT: commissions are computed in micro-USDT, stored rounded to cents. */
export const MICROS_PER_CENT = 10_000;
export const MICROS_PER_USDT = 1_000_000;

/** Integer cents (a number, or a bigint column's string from node-postgres) as USDT. */
export const centsToUsdt = (cents: number | string | bigint | null | undefined): number => Number(cents ?? 0) / 100;
