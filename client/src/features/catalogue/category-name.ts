// A category's name in the interface language: the seven of TONIE_CATEGORIES have German names
// ('Audio Play' -> 'Hörspiel'); any other category (from an old link or import) stays as it is.
import type { useCatalogueTexts } from './catalogue-texts';

type CatalogueTexts = ReturnType<typeof useCatalogueTexts>;

export function categoryName(category: string, texts: Pick<CatalogueTexts, 'categoryNames'>): string {
  const names = texts.categoryNames as Record<string, string>;
  return Object.hasOwn(names, category) ? names[category]! : category;
}
