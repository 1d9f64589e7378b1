/** `make`, run once per key and kept: for what costs far more to make than to use (Intl objects, date patterns). */
export function madeOnce<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
