// A form's rules (shared zod schemas and the texts of their messages) in a chunk of their own,
// loading from the moment the form's module does: zod is the heaviest code of a form page and
// nothing before the first check needs it. Until the rules are there a check passes, and the
// server, which checks the same rules, answers with the same messages; a form sent meanwhile is
// checked again once they have come (submitWithRules).
import type { FormEvent } from 'react';
import type { FormErrors, UseFormReturnType } from '@mantine/form';

export interface LazyRules<T> {
  /** The rules once loaded, else null. */
  current(): T | null;
  /** Settles once loaded; null when they could not be (the server still checks). */
  readonly ready: Promise<T | null>;
}

export function lazyRules<T>(load: () => Promise<T>): LazyRules<T> {
  let loaded: T | null = null;
  const ready = load().then(
    (rules) => (loaded = rules),
    () => null,
  );
  return { current: () => loaded, ready };
}

/**
 * Mantine's form.onSubmit, for a form whose checks use lazy `rules`: a form sent before they
 * came is checked again once they have (a failed load leaves the checks to the server). The
 * refusal (`onInvalid`, which moves the focus to what to fix) comes then only if the visitor is
 * still where the submit left them: the errors show either way, but a focus taken from a field
 * the visitor moved on to (an open select) would close it under their hands.
 */
export function submitWithRules<V>(
  form: Pick<UseFormReturnType<V>, 'onSubmit' | 'validate'>,
  rules: LazyRules<unknown>,
  onValid: (values: V, event?: FormEvent<HTMLFormElement>) => unknown,
  onInvalid?: (errors: FormErrors) => void,
): (event?: FormEvent<HTMLFormElement>) => void {
  // Checked without the rules: once they have come, what do they say?
  const recheck = async () => ((await rules.ready) === null ? null : form.validate());
  const refuseLater = (errors: FormErrors) => {
    const focused = document.activeElement;
    return (later: FormErrors = errors) => {
      if (document.activeElement === focused) onInvalid?.(later);
    };
  };
  return form.onSubmit(
    async (values, event) => {
      if (rules.current() !== null) return onValid(values as V, event);
      const refuse = refuseLater({});
      const result = await recheck();
      if (result?.hasErrors) refuse(result.errors);
      else await onValid(values as V, event);
    },
    (errors) => {
      if (rules.current() !== null) return onInvalid?.(errors);
      const refuse = refuseLater(errors);
      void recheck().then((result) => refuse(result?.errors));
    },
  );
}
