// The one way numbers are written in text, by the CLI and the playground alike: thousands with commas.

/**
 * 1234567 → "1,234,567", 1234.5678 → "1,234.568": as the en-US locale writes them (the shortest decimal that reads
 * back as the number, rounded half away from zero to at most three decimals), without its locale data. The first
 * toLocaleString of a process or a page loads that data: a tenth of the CLI's start-up when help texts were built with
 * it, and 40 ms of a page's first drawing in Chromium (four times that on a slow phone).
 */
export function thousands(n: number | bigint): string {
  if (typeof n === 'number' && (!Number.isFinite(n) || Math.abs(n) >= 1e21)) return n.toLocaleString('en-US');
  const sign = (typeof n === 'bigint' ? n < 0n : n < 0 || Object.is(n, -0)) ? '-' : '';
  let [whole, decimals] = plainDecimal(typeof n === 'bigint' ? String(n < 0n ? -n : n) : String(Math.abs(n)));
  if (decimals.length > 3) {
    const up = decimals[3] >= '5';
    decimals = decimals.slice(0, 3);
    if (up) {
      const digits = roundUp(whole + decimals);
      [whole, decimals] = [digits.slice(0, -3), digits.slice(-3)];
    }
  }
  decimals = decimals.replace(/0+$/, '');
  return sign + whole.replace(/\B(?=(\d{3})+$)/g, ',') + (decimals ? `.${decimals}` : '');
}

/**
 * "12.5" → ["12", "5"], "1.5e+21" → ["1500…", ""]: a non-negative number's digits either side of the point. Numbers
 * written with a negative exponent are below 10⁻⁶, which is 0 to three decimals.
 */
function plainDecimal(s: string): [string, string] {
  const [mantissa, exp = '0'] = s.split('e');
  const e = Number(exp);
  if (e < 0) return ['0', ''];
  const [i, f = ''] = mantissa.split('.');
  return [i + f.slice(0, e).padEnd(e, '0'), f.slice(e)];
}

/** A string of decimal digits plus one: "0999" → "1000", "999" → "1000". */
function roundUp(digits: string): string {
  let out = '';
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') {
    out = '0' + out;
    i--;
  }
  return (i < 0 ? '1' : digits.slice(0, i) + String(Number(digits[i]) + 1)) + out;
}
