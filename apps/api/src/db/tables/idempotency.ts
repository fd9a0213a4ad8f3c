/** A stored answer of a write sent with an Idempotency-Key (migration 014, lib/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of method, path and body: the same key with another request is refused. */
  request: string;
  status: number;
  /** The answer's JSON body. */
  body: string;
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
