import { Alert } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /catalog: the Tonie catalogue. Browsing, filters and details land with the catalogue issue. */
export function CatalogPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim();
  return (
    <ComingSoon
      title={PAGE_TEXTS.catalog.title}
      subtitle="Browse Tonies, see how the community rates them and find your next favourite"
      purpose="Here you will browse every Tonie, filter by category and tags, and read and write reviews."
    >
      {search ? (
        <Alert variant="light" icon={<IconSearch size={18} aria-hidden />} mb="lg" title="Your search">
          You searched for “{search}”. Results will show here as soon as the catalogue opens.
        </Alert>
      ) : null}
    </ComingSoon>
  );
}
