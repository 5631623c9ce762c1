import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The mails kept in an outbox folder (raw .eml text); none when the folder does not exist yet. */
export function mailsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}
