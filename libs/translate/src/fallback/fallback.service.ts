import { Inject, Injectable, Logger } from '@nestjs/common';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { fallbackTranslatorFrom, type FallbackTranslator } from './fallback-translator';

/**
 * The text-translation service that answers when the language model fails, times out or answers badly (not
 * when it is rate limited). Null when none is configured or it fails too: the viewer then reads the original.
 */
@Injectable()
export class FallbackService {
  private readonly logger = new Logger('FallbackTranslator');
  private readonly translator: FallbackTranslator | null;

  constructor(@Inject(TRANSLATE_ENV) env: TranslateEnv) {
    this.translator = fallbackTranslatorFrom(env);
  }

  get configured(): boolean {
    return this.translator !== null;
  }

  async translate(text: string, from: string, to: string, deadlineAt: number, keep: string[]): Promise<string | null> {
    if (!this.translator) return null;
    const left = deadlineAt - Date.now();
    if (left <= 0) return null;
    try {
      const out = await this.translator.translate({ text, from, to, keep, signal: AbortSignal.timeout(left) });
      return out;
    } catch (error) {
      this.logger.warn(`fallback translation to ${to} failed: ${(error as Error).message}`);
      return null;
    }
  }
}
