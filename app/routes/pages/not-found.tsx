import { data } from 'react-router';
import { ErrorPage } from '~/components/error-page';
import { PRODUCT_NAME } from '#server/product.shared';

export const meta = () => [{ title: `Not found · ${PRODUCT_NAME}` }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
