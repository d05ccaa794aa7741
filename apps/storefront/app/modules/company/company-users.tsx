import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  ConfirmationSection,
  Dialog,
  Pagination,
  Spinner,
} from "@kassa/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { REMOVE_USER_INTENT } from "./company-intents";
import { CompanySearchForm } from "./company-search-form";
import { type CompanyScreenQuery, companyScreenHref } from "./company-url";
import type { CompanyUserRow, CompanyUsersView } from "./company-view";

const ROLE_TEXT = {
  admin: "company.users.roleAdmin",
  agent: "company.users.roleAgent",
  member: "company.users.roleMember",
} as const;

/*
 * From `sm` up a table; below it each row is a small card, as the order table does, so a phone
 * needs no sideways scrolling. The headings stay for screen readers (`sr-only`).
 */
const TABLE = "block w-full border-collapse text-sm sm:table";
const BODY = "block divide-y divide-stone-200 sm:table-row-group";
const ROW = "grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0";
const CELL = "sm:table-cell sm:px-4 sm:py-3 sm:align-middle";

/**
 * The users tab (A§2, A§4, A§6, A§8), for admins and super admins: the company's users with name,
 * email, role and whether the email is verified, searched and paged through the URL. Removing
 * asks first: with JavaScript in a dialog, without it in a section reached by a link; the row
 * shows a spinner while the removal runs, and the list is read again afterwards; a failure is
 * said once in a toast and cleared (A§4). Nobody removes themselves.
 */
export function CompanyUsers({
  query,
  companyName,
  users,
  confirmRemoval,
}: {
  query: CompanyScreenQuery;
  companyName: string;
  users: CompanyUsersView;
  /** Without JavaScript: the user whose removal is being confirmed (`?remove=`). */
  confirmRemoval: CompanyUserRow | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  const removingId =
    navigation.formData?.get("intent") === REMOVE_USER_INTENT
      ? String(navigation.formData.get("user_id"))
      : null;
  const rows = users.status === "loaded" ? users.rows : [];

  // A removed user's row (and the button that had the focus) is gone: the focus goes to the
  // list's heading rather than to the top of the page.
  const removed = useRef<string | null>(null);
  useEffect(() => {
    if (removingId) removed.current = removingId;
  }, [removingId]);
  useEffect(() => {
    if (removed.current && !removingId && !rows.some((row) => row.id === removed.current)) {
      removed.current = null;
      heading.current?.focus();
    }
  }, [rows, removingId]);

  return (
    <section
      aria-labelledby="company-users-title"
      className="space-y-4"
      data-testid="company-users"
    >
      <h3
        id="company-users-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-stone-900 focus:outline-none"
      >
        {t("company.users.title")}
      </h3>
      <CompanySearchForm
        id="users-search"
        name="users_q"
        value={query.usersQ}
        label={t("company.users.search")}
        hint={t("company.users.searchHint")}
        submitLabel={t("company.users.searchSubmit")}
        hiddenFields={{
          company: query.company,
          q: query.q || undefined,
          page: query.page > 1 ? String(query.page) : undefined,
          tab: "users",
        }}
        clear={{
          href: companyScreenHref(query, { usersQ: "", usersPage: 1, remove: undefined }),
          label: t("company.clearSearch"),
        }}
      />
      {users.status === "failed" ? <Alert variant="error">{users.message}</Alert> : null}

      {!hydrated && confirmRemoval ? (
        <RemoveConfirmation
          user={confirmRemoval}
          companyName={companyName}
          companyId={query.company ?? ""}
          cancelHref={companyScreenHref(query, { remove: undefined })}
          busy={removingId === confirmRemoval.id}
        />
      ) : null}

      {users.status === "loaded" ? (
        <>
          <p className="text-sm text-stone-700" role="status" data-testid="user-count">
            {t("company.users.count", { count: users.total })}
            {users.totalPages > 1
              ? ` · ${t("company.users.pageOf", { page: users.page, total: users.totalPages })}`
              : ""}
          </p>
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-stone-700">
              {t("company.users.empty")}
            </p>
          ) : (
            <div className="rounded-lg border border-stone-200 bg-white">
              <table className={TABLE} data-testid="company-user-table">
                <caption className="sr-only">
                  {t("company.users.title")} – {companyName}
                </caption>
                <thead className="sr-only bg-stone-50 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase sm:not-sr-only sm:table-header-group">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {t("company.users.name")}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t("company.users.role")}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t("company.users.status")}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t("company.users.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className={BODY}>
                  {rows.map((row) => (
                    <UserRow
                      key={row.id}
                      row={row}
                      query={query}
                      companyName={companyName}
                      removing={removingId === row.id}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            compact
            page={users.page}
            totalPages={users.totalPages}
            hrefForPage={(page) => companyScreenHref(query, { usersPage: page, remove: undefined })}
            linkComponent={Link}
            labels={{
              previous: t("pagination.previous"),
              next: t("pagination.next"),
              page: (page, total) => t("company.users.pageOf", { page, total }),
              nav: t("company.users.pagination"),
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function UserRow({
  row,
  query,
  companyName,
  removing,
}: {
  row: CompanyUserRow;
  query: CompanyScreenQuery;
  companyName: string;
  removing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <tr
      className={ROW}
      aria-busy={removing || undefined}
      data-testid="company-user-row"
      data-user-id={row.id}
    >
      <th scope="row" className={`${CELL} min-w-0 text-left font-normal`}>
        <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          {row.name}
          {row.isSelf ? <Badge variant="info">{t("company.users.you")}</Badge> : null}
        </span>
        <span className="block break-all text-stone-600">{row.email}</span>
      </th>
      <td className={`${CELL} col-start-1 text-stone-700`}>{t(ROLE_TEXT[row.role])}</td>
      <td className={`${CELL} col-start-1`}>
        {row.verified ? (
          <Badge variant="success">{t("company.users.verified")}</Badge>
        ) : (
          <Badge variant="warning">{t("company.users.notVerified")}</Badge>
        )}
      </td>
      <td className={`${CELL} col-start-2 row-span-3 row-start-1 text-right`}>
        {removing ? (
          <span className="inline-flex min-h-11 items-center gap-2 text-stone-700">
            <Spinner label={t("company.users.removing", { name: row.name })} />
          </span>
        ) : (
          <RemoveUser row={row} query={query} companyName={companyName} />
        )}
      </td>
    </tr>
  );
}

/**
 * The remove button of a row: with JavaScript it opens a confirmation dialog; without, it is a
 * link to the same page with `?remove=` that shows the confirmation section. Disabled on the
 * user's own row (A§6).
 */
function RemoveUser({
  row,
  query,
  companyName,
}: {
  row: CompanyUserRow;
  query: CompanyScreenQuery;
  companyName: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = t("company.users.removeUser", { name: row.name });
  if (!row.removable) {
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled
        aria-label={label}
        aria-describedby={row.isSelf ? "cannot-remove-self" : undefined}
        title={row.isSelf ? t("company.users.cannotRemoveSelf") : undefined}
      >
        {t("company.users.remove")}
        {row.isSelf ? (
          <span id="cannot-remove-self" className="sr-only">
            {t("company.users.cannotRemoveSelf")}
          </span>
        ) : null}
      </Button>
    );
  }
  if (!hydrated) {
    return (
      <a
        href={`${companyScreenHref(query, { remove: row.id })}#remove-user`}
        aria-label={label}
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        {t("company.users.remove")}
      </a>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("company.users.confirmTitle")}
      description={t("company.users.confirmText", {
        name: row.name,
        email: row.email,
        company: companyName,
      })}
      closeLabel={t("company.users.cancel")}
      trigger={
        <Button variant="secondary" size="sm" aria-label={label}>
          {t("company.users.remove")}
        </Button>
      }
    >
      <RemoveForm
        userId={row.id}
        companyId={query.company ?? ""}
        onSubmit={() => setOpen(false)}
        cancel={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("company.users.cancel")}
          </Button>
        }
      />
    </Dialog>
  );
}

function RemoveForm({
  userId,
  companyId,
  busy = false,
  onSubmit,
  cancel,
}: {
  userId: string;
  companyId: string;
  busy?: boolean;
  onSubmit?(): void;
  cancel: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex flex-wrap justify-end gap-3" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={REMOVE_USER_INTENT} />
      <input type="hidden" name="company" value={companyId} />
      <input type="hidden" name="user_id" value={userId} />
      {cancel}
      <Button type="submit" variant="danger" busy={busy}>
        {t("company.users.confirm")}
      </Button>
    </Form>
  );
}

/** Without JavaScript: the confirmation as a section of the page (`?remove=`), then a post. */
function RemoveConfirmation({
  user,
  companyName,
  companyId,
  cancelHref,
  busy,
}: {
  user: CompanyUserRow;
  companyName: string;
  companyId: string;
  cancelHref: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmationSection
      id="remove-user"
      title={t("company.users.confirmTitle")}
      description={t("company.users.confirmText", {
        name: user.name,
        email: user.email,
        company: companyName,
      })}
      headingLevel={4}
      data-testid="remove-user-section"
    >
      <RemoveForm
        userId={user.id}
        companyId={companyId}
        busy={busy}
        cancel={
          <Link to={cancelHref} className={buttonClasses({ variant: "secondary" })}>
            {t("company.users.cancel")}
          </Link>
        }
      />
    </ConfirmationSection>
  );
}
