import { data } from 'react-router';
import { ErrorPage } from '~/components/error-page';

export const meta = () => [{ title: 'Not found · SakuraNav' }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
