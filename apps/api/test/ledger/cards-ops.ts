import fc from 'fast-check';

/** The operations of the cards property tests (cards-harness.ts runs them). */
const cardIdx = fc.integer({ min: 0, max: 1 });
const monthOffset = fc.integer({ min: -2, max: 2 });

export const purchaseOp = fc.record({
  kind: fc.constant('purchase' as const),
  card: cardIdx,
  refund: fc.boolean(),
  value: fc.integer({ min: 1, max: 100_000 }),
  monthOffset,
  day: fc.integer({ min: 1, max: 31 }),
  mode: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ type: 'single' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('installments' as const),
        count: fc.integer({ min: 2, max: 5 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'fixed' as const }) },
  ),
  move: fc.constantFrom(-1, 0, 0, 1),
  // The move sent with the purchase itself (POST /entry's invoice_month) or afterwards on the whole series.
  moveHow: fc.constantFrom('create' as const, 'one' as const, 'all' as const),
});
const moveOp = fc.record({
  kind: fc.constant('move' as const),
  pick: fc.nat(),
  delta: fc.constantFrom(-1, 1),
});
const editOp = fc.record({
  kind: fc.constant('edit' as const),
  pick: fc.nat(),
  value: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
  day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
  scope: fc.constantFrom('one' as const, 'next' as const, 'all' as const),
});
const deleteOp = fc.record({
  kind: fc.constant('delete' as const),
  pick: fc.nat(),
  scope: fc.constantFrom('one' as const, 'next' as const, 'all' as const),
});
const overrideOp = fc.record({
  kind: fc.constant('override' as const),
  card: cardIdx,
  monthOffset,
  closeShift: fc.integer({ min: -16, max: 16 }),
  dueShift: fc.option(fc.integer({ min: -16, max: 16 }), { nil: undefined }),
});
const daysOp = fc.record({
  kind: fc.constant('days' as const),
  card: cardIdx,
  close: fc.integer({ min: 1, max: 31 }),
  due: fc.integer({ min: 1, max: 31 }),
});
const payOp = fc.record({
  kind: fc.constant('pay' as const),
  card: cardIdx,
  pick: fc.nat(),
  account: fc.integer({ min: 0, max: 1 }),
  // undefined: the whole amount; otherwise a fraction of it (partial, full or over).
  share: fc.option(fc.constantFrom(0.3, 0.5, 1, 1.5, 2, 2.5), { nil: undefined }),
});
const undoOp = fc.record({ kind: fc.constant('undo' as const), card: cardIdx, pick: fc.nat() });

export const opArb = fc.oneof(
  { weight: 5, arbitrary: purchaseOp },
  { weight: 1, arbitrary: moveOp },
  { weight: 1, arbitrary: editOp },
  { weight: 1, arbitrary: deleteOp },
  { weight: 1, arbitrary: overrideOp },
  { weight: 1, arbitrary: daysOp },
  { weight: 3, arbitrary: payOp },
  { weight: 1, arbitrary: undoOp },
);
export type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
