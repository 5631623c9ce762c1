import { Module } from '@nestjs/common';
import { APP_CONFIG, ConfigError, type AppConfig } from '../../../common/config/config';
import { LLM_PROVIDER, type LlmProvider } from '../aria-contracts';
import { BuiltinModule } from '../builtin/builtin.module';
import { BuiltinLlmProvider } from '../builtin/builtin.provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

/**
 * ARIA's provider by ARIA_PROVIDER: `builtin` (the local default: no key, no download) or `openai`
 * (any OpenAI-compatible `/v1/chat/completions` at ARIA_OPENAI_BASE_URL). `openai` without a base URL
 * throws a ConfigError naming ARIA_OPENAI_BASE_URL, so the process stops at boot.
 */
export function selectLlmProvider(config: AppConfig, builtin: BuiltinLlmProvider): LlmProvider {
  if (config.aria.provider !== 'openai') return builtin;
  const { baseUrl, model, apiKey, timeoutMs } = config.aria.openai;
  if (!baseUrl) {
    throw new ConfigError(
      'Invalid configuration: ARIA_OPENAI_BASE_URL: required when ARIA_PROVIDER=openai (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama); or set ARIA_PROVIDER=builtin',
    );
  }
  return new OpenAiCompatibleProvider({ baseUrl, model, apiKey, timeoutMs });
}

/** Provides LLM_PROVIDER, the configured `LlmProvider` of ARIA (the built-in one comes from BuiltinModule). */
@Module({
  imports: [BuiltinModule],
  providers: [
    {
      provide: LLM_PROVIDER,
      inject: [APP_CONFIG, BuiltinLlmProvider],
      useFactory: selectLlmProvider,
    },
  ],
  exports: [LLM_PROVIDER],
})
export class LlmModule {}
