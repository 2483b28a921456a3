/**
 * y-leveldb ships its types, but its package.json "exports" hides them from the bundler
 * resolution; these are the parts of its API the class server uses.
 */
declare module 'y-leveldb' {
  import type * as Y from 'yjs';
  export class LeveldbPersistence {
    constructor(location: string);
    getYDoc(docName: string): Promise<Y.Doc>;
    storeUpdate(docName: string, update: Uint8Array): Promise<number>;
    setMeta(docName: string, metaKey: string, value: unknown): Promise<void>;
    getMeta(docName: string, metaKey: string): Promise<unknown>;
    destroy(): Promise<void>;
  }
}
