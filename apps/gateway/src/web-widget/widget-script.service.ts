import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where `npm run build` bundles the widget (apps/gateway/widget/src): beside the compiled gateway. */
const BUNDLE = join(__dirname, '..', '..', 'packs', 'js', 'sdk.js');

export interface WidgetScript {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** The widget's bundle, read and compressed once: every page view of every site loads it. */
@Injectable()
export class WidgetScriptService {
  private script: WidgetScript | null = null;

  /** Null when the bundle was not built (the gateway still serves everything else). */
  get(): WidgetScript | null {
    if (this.script) return this.script;
    let body: Buffer;
    try {
      body = readFileSync(BUNDLE);
    } catch {
      return null;
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    this.script = { body, gzipped: gzipSync(body, { level: 9 }), etag };
    return this.script;
  }
}
