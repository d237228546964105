const alphabet = "234567abcdefghijklmnopqrstuvwxyz";
let lastMicros = 0n;
const clockId = BigInt(Math.floor(Math.random() * 1024));

/**
 * An AT Protocol TID (timestamp identifier): 53 bits of microseconds since the epoch and a
 * 10-bit clock id, as 13 base32-sortable characters. Strictly increasing within a process.
 */
export function newTid(nowMs = Date.now()): string {
  let micros = BigInt(nowMs) * 1000n;
  if (micros <= lastMicros) micros = lastMicros + 1n;
  lastMicros = micros;
  let value = (micros << 10n) | clockId;
  let tid = "";
  for (let index = 0; index < 13; index++) {
    tid = alphabet[Number(value & 31n)] + tid;
    value >>= 5n;
  }
  return tid;
}

export const isTid = (value: string) => /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(value);
