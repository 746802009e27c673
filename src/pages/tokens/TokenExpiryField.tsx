/** 'Expires at' or 'Expired at', the date and the relative time (refreshed every 10 s). */
import { useRecordContext } from 'react-admin';
import { RelativeDate } from '../../components/DateTimeField';
import { useNow } from '../../components/useNow';
import { isExpired, type ApiToken } from './types';

export function TokenExpiryField() {
  const token = useRecordContext<ApiToken>();
  const now = useNow();
  if (!token) return null;
  return (
    <RelativeDate
      value={token.expiresAt}
      prefixKey={isExpired(token, now) ? 'aq.pages.tokens.expiredAt' : 'aq.pages.tokens.expiresAt'}
    />
  );
}
