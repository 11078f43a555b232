import { Box, Button, Text } from '@mantine/core';
import { LazyMultiSelect, LazySelect } from '../../components/lazy-widgets';
import { SearchBox } from '../../components/search-box';
import { AGE_FILTER_MAX, CATALOGUE_SORTS, type CatalogueSort } from '@tonieshelf/shared/values/tonie';
import type { ShelfFilter } from '@tonieshelf/shared/values/shelf';
import type { CategoryCounts, LanguageCounts } from '@tonieshelf/shared/schemas/tonie';
import { useFormat } from '../../i18n/use-format';
import classes from './catalogue.module.css';
import { isCatalogueSort, parseShelfFilter } from './catalogue-params';
import { useCatalogueTexts } from './catalogue-texts';
import { categoryName } from './category-name';
import { languageName } from '../../lib/language-names';

const LABEL_STYLES = { label: { fontSize: 'var(--mantine-font-size-xs)', fontWeight: 600, color: 'var(--mantine-color-dimmed)' } };

/** The catalogue's search box. */
export function CatalogueSearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const texts = useCatalogueTexts();
  return <SearchBox value={value} onSearch={onSearch} placeholder={texts.searchPlaceholder} label={texts.searchLabel} clearLabel={texts.clearSearch} width={260} />;
}

interface SortSelectProps {
  /** The sort that applies (chosen, or the default for the list). */
  value: CatalogueSort;
  onChange: (sort: CatalogueSort) => void;
  /** 'Best Match' is offered while searching, 'Episode Order' on a series' page. */
  searching?: boolean;
  series?: boolean;
}

/** 'Sort By': Newest First, Highest Rated, Lowest Rated, A to Z (and Best Match, Episode Order where they apply). */
export function SortSelect({ value, onChange, searching = false, series = false }: SortSelectProps) {
  const texts = useCatalogueTexts();
  const options = CATALOGUE_SORTS.filter((sort) => (sort === 'relevance' ? searching || value === sort : sort === 'episode' ? series || value === sort : true)).map((sort) => ({
    value: sort,
    label: texts.sortLabels[sort],
  }));
  return (
    <LazySelect
      label={texts.sortBy}
      data={options}
      value={value}
      onChange={(next) => {
        if (isCatalogueSort(next)) onChange(next);
      }}
      allowDeselect={false}
      withCheckIcon
      checkIconPosition="right"
      style={{ flex: '1 1 150px', minWidth: 150 }}
      maw={240}
      styles={LABEL_STYLES}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}

interface LanguageFilterProps {
  languages: LanguageCounts;
  selected: string[];
  onChange: (languages: string[]) => void;
}

/** 'Language': the catalogue's languages with their counts (names in the interface language, A to Z). */
export function LanguageFilter({ languages, selected, onChange }: LanguageFilterProps) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const known = new Set(languages.map((l) => l.language));
  const options = format
    .sortBy(languages, (l) => languageName(l.language, format.locale) ?? l.language)
    .map((l) => ({ value: l.language, label: texts.languageOption(languageName(l.language, format.locale) ?? l.language, format.count(l.count)) }));
  // A language from a link that the catalogue does not have still shows as chosen.
  for (const tag of selected) if (!known.has(tag)) options.push({ value: tag, label: languageName(tag, format.locale) ?? tag });
  return (
    <LazyMultiSelect
      label={texts.languageFilter}
      placeholder={selected.length === 0 ? texts.languagePlaceholder : undefined}
      data={options}
      value={selected}
      onChange={onChange}
      clearable
      searchable
      hidePickedOptions={false}
      style={{ flex: '1 1 200px', minWidth: 180 }}
      maw={360}
      styles={LABEL_STYLES}
      comboboxProps={{ shadow: 'md' }}
      data-testid="language-filter"
    />
  );
}

interface AgeFilterProps {
  value: number | null;
  onChange: (age: number | null) => void;
}

/** 'Suits a child of': 0 to 18 years; Tonies whose minimum age is at most that. */
export function AgeFilter({ value, onChange }: AgeFilterProps) {
  const texts = useCatalogueTexts();
  const options = Array.from({ length: AGE_FILTER_MAX + 1 }, (_, age) => ({ value: String(age), label: texts.ageYears(age) }));
  return (
    <LazySelect
      label={texts.ageFilter}
      placeholder={texts.agePlaceholder}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
      style={{ flex: '0 1 170px', minWidth: 140 }}
      styles={LABEL_STYLES}
      comboboxProps={{ shadow: 'md' }}
      data-testid="age-filter"
    />
  );
}

interface CategoryButtonsProps {
  categories: CategoryCounts;
  selected: string | null;
  onChange: (category: string | null) => void;
  /**
   * Whether the counts say how many the list would show: they follow the language and age filters;
   * a search, tags, a series or a shelf narrow the list further, and then no counts are shown.
   */
  showCounts?: boolean;
}

/** 'All Tonies' and one button per category, with its number of Tonies shown quietly. */
export function CategoryButtons({ categories, selected, onChange, showCounts = true }: CategoryButtonsProps) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  const known = selected === null || categories.some((c) => c.category === selected);
  const items = [
    { value: null, label: texts.allTonies, count: total as number | null },
    ...categories.map((c) => ({ value: c.category as string | null, label: categoryName(c.category, texts), count: c.count as number | null })),
    // A category from a link that has no Tonies (any more) still shows as chosen.
    ...(known ? [] : [{ value: selected, label: selected ? categoryName(selected, texts) : '', count: 0 }]),
  ];

  return (
    <Box role="group" aria-label={texts.categoriesLabel} className={classes.categoryScroller}>
      {items.map((item) => {
        const active = item.value === selected;
        return (
          <Button
            key={item.value ?? '__all'}
            size="compact-sm"
            h={32}
            px="md"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange(item.value)}
            rightSection={
              showCounts && item.count !== null && categories.length > 0 ? (
                <Text span fz="xs" fw={500} c={active ? undefined : 'dimmed'} aria-label={texts.tonieCount(format.count(item.count))}>
                  {format.count(item.count)}
                </Text>
              ) : null
            }
          >
            {item.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** The shelf filter's choices, in this order ('all' is no filter). */
const SHELF_FILTER_OPTIONS = ['all', 'none', 'wishlist', 'own', 'favourites'] as const;

interface ShelfFilterSelectProps {
  value: ShelfFilter | null;
  onChange: (shelf: ShelfFilter | null) => void;
  /** The shelves' words for the filter (the page brings them from the shelves). */
  texts: { filterLabel: string; filterOptions: Record<ShelfFilter | 'all', string> };
}

/** 'My shelves' (signed-in users): All Tonies, Not on my shelves, On my wishlist, Own, Favourites. */
export function ShelfFilterSelect({ value, onChange, texts }: ShelfFilterSelectProps) {
  const options = SHELF_FILTER_OPTIONS.map((option) => ({ value: option, label: texts.filterOptions[option] }));
  return (
    <LazySelect
      label={texts.filterLabel}
      data={options}
      value={value ?? 'all'}
      onChange={(next) => onChange(parseShelfFilter(next))}
      allowDeselect={false}
      withCheckIcon
      checkIconPosition="right"
      style={{ flex: '0 1 200px', minWidth: 170 }}
      styles={LABEL_STYLES}
      comboboxProps={{ shadow: 'md' }}
      data-testid="shelf-filter"
    />
  );
}
