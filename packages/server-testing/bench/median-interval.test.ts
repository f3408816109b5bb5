import { describe, expect, it } from 'vitest';
import { medianWithInterval } from './median-interval';

describe('medianWithInterval', () => {
  it('gives the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    expect(medianWithInterval([3, 1, 2]).median).toBe(2);
    expect(medianWithInterval([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('bounds the median by order statistics that narrow as rounds are added', () => {
    const rounds = (n: number) => Array.from({ length: n }, (_, i) => 0.9 + (0.2 * i) / (n - 1));
    const few = medianWithInterval(rounds(11));
    const many = medianWithInterval(rounds(101));
    expect(few.low).toBeLessThan(few.median);
    expect(few.high).toBeGreaterThan(few.median);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    // 101 values: k = floor((101 - 1.96 * sqrt(101)) / 2) = 40, so values 40 and 60 of 0..100.
    expect(many.low).toBeCloseTo(0.98, 10);
    expect(many.high).toBeCloseTo(1.02, 10);
  });

  it('spans the whole range below 8 values, and is NaN for none', () => {
    expect(medianWithInterval([5, 1, 3])).toEqual({ median: 3, low: 1, high: 5 });
    expect(medianWithInterval([1, 2, 3, 4, 5, 6, 7])).toEqual({ median: 4, low: 1, high: 7 });
    expect(medianWithInterval([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ median: 4.5, low: 2, high: 7 });
    expect(medianWithInterval([]).median).toBeNaN();
  });
});
