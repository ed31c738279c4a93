import { Form } from 'react-router';
import { Field, Select } from '../../components/field';
import { SEARCH_FIELDS, SHOW, SORTS, type UserListState } from '../../lib/user-list-search';

const labelsOf = (table: Record<string, { label: string }>) =>
  Object.fromEntries(Object.entries(table).map(([key, { label }]) => [key, label]));

/** A GET form: submitting it puts the search in the URL (page 1), which the list reads. */
export function UsersSearchForm({ state }: { state: UserListState }) {
  return (
    <Form method="get" role="search" aria-label="Search users" className="search-form">
      <Field label="Search" name="q" type="search" defaultValue={state.q} />
      <Select
        label="Search in"
        name="field"
        options={Object.keys(SEARCH_FIELDS)}
        labels={SEARCH_FIELDS}
        defaultValue={state.field}
      />
      <Select label="Show" name="show" options={Object.keys(SHOW)} labels={labelsOf(SHOW)} defaultValue={state.show} />
      <Select
        label="Sort by"
        name="sort"
        options={Object.keys(SORTS)}
        labels={labelsOf(SORTS)}
        defaultValue={state.sort}
      />
      <button type="submit" className="primary">
        Search
      </button>
    </Form>
  );
}
