import { useEffect } from 'react';
import { PRODUCT_NAME } from '@tonieshelf/shared/values/common';

/** Sets document.title to '{title} | TonieShelf', or just 'TonieShelf' without a title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
