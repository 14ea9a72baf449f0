// The junk checker itself: it passes a call that refuses junk properly and fails each way a call can fall short.
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { checkJunk, expectCovered, exportedCallables, type Call } from './junk.js';

/** A careful function: a whole number of squares from 1 to 100, anything else refused by name. */
function careful(squares: unknown): number {
  if (typeof squares !== 'number' || !Number.isInteger(squares) || squares < 1 || squares > 100) {
    throw new GridbitsError('BAD_ARGUMENT', `squares must be a whole number from 1 to 100, not ${String(squares)}`);
  }
  return squares * 2;
}

const call = (f: (x: unknown) => unknown): Call => ({
  name: 'f',
  call: (x) => f(x),
  args: () => [5],
  params: ['squares'],
});

describe('checkJunk', () => {
  it('passes a function that refuses every junk value with a GridbitsError naming the argument', async () => {
    await checkJunk(call(careful), 50);
  });

  it('fails a function that answers junk instead of refusing it', async () => {
    await expect(checkJunk(call((x) => (x === null ? 0 : careful(x))))).rejects.toThrow(/null as squares/);
  });

  it('fails a function that throws a bare TypeError', async () => {
    const bare = (x: unknown): unknown => (x === undefined ? (undefined as unknown as { a: number }).a : careful(x));
    await expect(checkJunk(call(bare))).rejects.toThrow(/threw TypeError/);
  });

  it('fails an error that does not name the argument', async () => {
    const vague = (x: unknown): unknown => {
      if (x !== 5) throw new GridbitsError('BAD_ARGUMENT', 'bad value');
      return 10;
    };
    await expect(checkJunk(call(vague))).rejects.toThrow(/names the argument/);
  });

  it('fails a call whose good arguments are refused', async () => {
    await expect(checkJunk({ ...call(careful), args: () => [500] })).rejects.toThrow(/good arguments are refused/);
  });

  it('fails an async function that resolves on junk', async () => {
    const slack = async (x: unknown): Promise<unknown> => (Number.isNaN(x) ? 0 : careful(x));
    await expect(checkJunk(call(slack))).rejects.toThrow(/NaN as squares/);
  });
});

describe('expectCovered', () => {
  class Thing {
    static of(): Thing {
      return new Thing();
    }
    grow(): void {}
  }
  const module = { careful, Thing, VALUE: 3 };

  it('lists functions, constructors, statics and methods', () => {
    expect(exportedCallables(module)).toEqual(['Thing#grow', 'Thing.of', 'careful', 'new Thing']);
    expect(exportedCallables(module, ['Thing'])).toEqual(['Thing#grow', 'Thing.of', 'careful']);
  });

  it('fails when an export has no call and no reason', () => {
    expect(() => expectCovered(module, [call(careful)], { 'Thing.of': 'no argument' })).toThrow();
    expectCovered(module, [{ ...call(careful), name: 'careful' }], {
      'Thing.of': 'no argument',
      'Thing#grow': 'no argument',
      'new Thing': 'no argument',
    });
  });
});
