// lru-cache 5 ships no types: the part of its API this code uses.
declare module 'lru-cache' {
  class LRUCache<K, V> {
    constructor(options: { max: number; maxAge?: number });
    get(key: K): V | undefined;
    set(key: K, value: V): boolean;
    del(key: K): void;
    readonly itemCount: number;
  }
  export = LRUCache;
}
