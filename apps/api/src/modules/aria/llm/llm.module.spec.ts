import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '../../../common/config/config.module';
import { ConfigError, loadConfig } from '../../../common/config/config';
import { LLM_PROVIDER, type LlmProvider } from '../aria-contracts';
import { BuiltinModule } from '../builtin/builtin.module';
import { BuiltinLlmProvider } from '../builtin/builtin.provider';
import { LlmModule, selectLlmProvider } from './llm.module';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

/** Stands in for the built-in provider (its real dependencies are not what is tested here). */
const builtin = { id: 'builtin', label: 'ARIA built-in assistant', chat: () => ({}) } as unknown as BuiltinLlmProvider;

describe('selectLlmProvider', () => {
  it('is the built-in provider by default', () => {
    expect(selectLlmProvider(loadConfig({}), builtin)).toBe(builtin);
  });

  it('is the OpenAI-compatible provider with ARIA_PROVIDER=openai and a base URL', () => {
    const p = selectLlmProvider(loadConfig({ ARIA_PROVIDER: 'openai', ARIA_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', ARIA_OPENAI_MODEL: 'llama3.1' }), builtin);
    expect(p).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(p.id).toBe('openai-compatible:llama3.1');
  });

  it('stops the boot with ARIA_PROVIDER=openai and no ARIA_OPENAI_BASE_URL, naming the variable', () => {
    const config = loadConfig({ ARIA_PROVIDER: 'openai', ARIA_OPENAI_API_KEY: 'sk-secret-value-1234' });
    expect(() => selectLlmProvider(config, builtin)).toThrow(ConfigError);
    expect(() => selectLlmProvider(config, builtin)).toThrow(/ARIA_OPENAI_BASE_URL: required when ARIA_PROVIDER=openai/);
    expect(() => selectLlmProvider(config, builtin)).not.toThrow(/sk-secret/);
  });
});

describe('LlmModule', () => {
  /** BuiltinModule without its dependencies (places need the database). */
  @Module({ providers: [{ provide: BuiltinLlmProvider, useValue: builtin }], exports: [BuiltinLlmProvider] })
  class StubBuiltinModule {}

  const compile = (env: NodeJS.ProcessEnv) =>
    Test.createTestingModule({ imports: [ConfigModule.forRoot(loadConfig(env)), LlmModule] })
      .overrideModule(BuiltinModule)
      .useModule(StubBuiltinModule)
      .compile();

  it('provides LLM_PROVIDER by the configuration', async () => {
    const byDefault = await compile({});
    expect(byDefault.get<LlmProvider>(LLM_PROVIDER)).toBe(builtin);
    await byDefault.close();
    const openai = await compile({ ARIA_PROVIDER: 'openai', ARIA_OPENAI_BASE_URL: 'https://api.openai.com/v1' });
    expect(openai.get<LlmProvider>(LLM_PROVIDER)).toBeInstanceOf(OpenAiCompatibleProvider);
    await openai.close();
  });

  it('fails to start with ARIA_PROVIDER=openai and no base URL', async () => {
    await expect(compile({ ARIA_PROVIDER: 'openai' })).rejects.toThrow(/ARIA_OPENAI_BASE_URL/);
  });
});
