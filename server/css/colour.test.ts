import { describe, expect, it } from 'vitest';
import { isCssColour, safeColour } from './colour.shared';

describe('CSS colours', () => {
  it('accepts colour syntax', () => {
    for (const ok of [
      '#fff',
      '#FFFA',
      '#12B7F5',
      '#12b7f580',
      'red',
      'RebeccaPurple',
      'transparent',
      'rgb(1, 2, 3)',
      'rgba(1,2,3,0.5)',
      'rgb(59 130 246)',
      'rgb(59 130 246 / 50%)',
      'hsl(210deg 80% 50%)',
      'hsla(210, 80%, 50%, .3)',
    ])
      expect(isCssColour(ok), ok).toBe(true);
  });

  it('refuses anything that could add declarations or load something', () => {
    for (const bad of [
      'red;x:url(//e.x/s)',
      'red; background: url(https://e.x/s)',
      'url(//e.x/s)',
      'expression(alert(1))',
      'var(--x)',
      'rgb(1,2,3);color:red',
      'rgb(1,2)',
      'rgb(1,2,3,4,5)',
      '#ggg',
      '#12345',
      'notacolour',
      'red }',
      'rgb(1 2 3 / 4 / 5)',
    ])
      expect(isCssColour(bad), bad).toBe(false);
    expect(safeColour('red;x:url(//e.x/s)')).toBeUndefined();
    expect(safeColour(' #abc ')).toBe('#abc');
  });
});
