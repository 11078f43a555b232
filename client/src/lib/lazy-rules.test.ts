// @vitest-environment jsdom
// A form's rules loaded after the form: none until they arrive (the server checks meanwhile),
// then the rules; a chunk that cannot load leaves the checks to the server and rejects nothing.
import { describe, expect, it, vi } from 'vitest';
import { lazyRules, submitWithRules } from './lazy-rules';

describe('lazyRules', () => {
  it('null until the rules arrive, then the rules', async () => {
    let arrive: (rules: { check: () => string }) => void = () => undefined;
    const rules = lazyRules(() => new Promise<{ check: () => string }>((resolve) => (arrive = resolve)));
    expect(rules.current()).toBeNull();
    arrive({ check: () => 'required' });
    expect((await rules.ready)?.check()).toBe('required');
    expect(rules.current()?.check()).toBe('required');
  });

  it('a load that fails: ready settles with null, current stays null', async () => {
    const rules = lazyRules<{ check: () => string }>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    expect(await rules.ready).toBeNull();
    expect(rules.current()).toBeNull();
  });
});

describe('submitWithRules', () => {
  /** Mantine's onSubmit in small: validate, then the one callback or the other. */
  function fakeForm(check: () => Record<string, string>) {
    const validate = () => {
      const errors = check();
      return { hasErrors: Object.keys(errors).length > 0, errors };
    };
    return {
      validate,
      onSubmit: (onValid: (values: { title: string }) => unknown, onInvalid?: (errors: Record<string, string>) => void) => () => {
        const { hasErrors, errors } = validate();
        if (hasErrors) onInvalid?.(errors);
        else void onValid({ title: '' });
      },
    };
  }

  it('sent before the rules came: checked again once they have, and refused by them', async () => {
    let arrive: (rules: { titleError: string }) => void = () => undefined;
    const rules = lazyRules(() => new Promise<{ titleError: string }>((resolve) => (arrive = resolve)));
    const form = fakeForm((): Record<string, string> => (rules.current() ? { title: rules.current()!.titleError } : {}));
    const sent: unknown[] = [];
    const refused: unknown[] = [];
    submitWithRules(
      form as never,
      rules,
      (values) => void sent.push(values),
      (errors) => void refused.push(errors),
    )();
    arrive({ titleError: 'Title must be at least 3 characters' });
    await rules.ready;
    await vi.waitFor(() => expect(refused).toEqual([{ title: 'Title must be at least 3 characters' }]));
    expect(sent).toEqual([]);
  });

  it('refused before the rules came (a check of its own): refused again with theirs too once they have', async () => {
    let arrive: (rules: { titleError: string }) => void = () => undefined;
    const rules = lazyRules(() => new Promise<{ titleError: string }>((resolve) => (arrive = resolve)));
    const form = fakeForm((): Record<string, string> => ({ audio: 'Please select an audio file', ...(rules.current() ? { title: rules.current()!.titleError } : {}) }));
    const refused: unknown[] = [];
    submitWithRules(
      form as never,
      rules,
      () => undefined,
      (errors) => void refused.push(errors),
    )();
    arrive({ titleError: 'Title must be at least 3 characters' });
    await vi.waitFor(() => expect(refused).toEqual([{ audio: 'Please select an audio file', title: 'Title must be at least 3 characters' }]));
  });

  it('refused by the rules after the visitor moved on to another field: the errors are set, the focus stays where they are', async () => {
    let arrive: (rules: { titleError: string }) => void = () => undefined;
    const rules = lazyRules(() => new Promise<{ titleError: string }>((resolve) => (arrive = resolve)));
    const checked: Record<string, string>[] = [];
    const form = fakeForm((): Record<string, string> => {
      const errors = { audio: 'Please select an audio file', ...(rules.current() ? { title: rules.current()!.titleError } : {}) };
      checked.push(errors);
      return errors;
    });
    const submit = document.body.appendChild(document.createElement('button'));
    const licence = document.body.appendChild(document.createElement('input'));
    const refused: unknown[] = [];
    submit.focus();
    submitWithRules(
      form as never,
      rules,
      () => undefined,
      (errors) => void refused.push(errors),
    )();
    licence.focus();
    arrive({ titleError: 'Title must be at least 3 characters' });
    await vi.waitFor(() => expect(checked.at(-1)).toEqual({ audio: 'Please select an audio file', title: 'Title must be at least 3 characters' }));
    await rules.ready;
    expect(refused).toEqual([]);
    expect(document.activeElement).toBe(licence);
    submit.remove();
    licence.remove();
  });

  it('rules that cannot load: the form is sent and the server checks it', async () => {
    const rules = lazyRules<{ titleError: string }>(() => Promise.reject(new Error('offline')));
    const form = fakeForm(() => ({}));
    const sent: unknown[] = [];
    submitWithRules(form as never, rules, (values) => void sent.push(values))();
    await vi.waitFor(() => expect(sent).toEqual([{ title: '' }]));
  });
});
