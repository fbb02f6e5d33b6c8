/**
 * One promise per key, shared by every caller (concurrent ones too); a promise that rejects is
 * forgotten, so the next call tries again instead of repeating the failure forever.
 */
export function memoizeAsync<K, V>(make: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const made = new Map<K, Promise<V>>();
  return (key) => {
    let value = made.get(key);
    if (!value) {
      value = make(key);
      made.set(key, value);
      value.catch(() => made.delete(key));
    }
    return value;
  };
}
