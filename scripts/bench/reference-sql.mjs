// The SQL of the bench's bare reference (bare-server.mjs): our routes' statements, character for
// character, as the driver receives them (apps/api/src/bench/reference-sql.test.ts captures what our
// routes send and fails when these differ), so that the CPU figures compare the stacks and not the
// statements (issue 20, decision 0066). Each is sent as a named prepared statement, as ours is.

const PACKAGE_COLUMNS = `select "service_packages"."id", "service_packages"."team_id", "service_packages"."title", "service_packages"."description", "service_packages"."price_cents", "service_packages"."duration_days", "service_packages"."tags", "service_packages"."requirements", "service_packages"."deliverables", "service_packages"."status", "service_packages"."created_at", "service_packages"."updated_at", "service_packages"."revisions", "teams"."id", "teams"."name", "teams"."description", "teams"."member_count", "teams"."max_members", "teams"."is_active", "teams"."created_at", "teams"."admin_id", "package_team_admin"."username"`;
/** What a card shows beside the package: its gallery and its review figures, in one JSON value. */
const PACKAGE_CARD = `json_build_object(
    'images', coalesce((
      select json_agg(json_build_object('id', "package_images"."id", 'widths', "package_images"."widths",
        'width', "package_images"."width", 'height', "package_images"."height")
        order by "package_images"."position", "package_images"."created_at")
      from "package_images" where "package_images"."package_id" = "service_packages"."id"
    ), '[]'::json),
    'average_rating', (select round(avg("reviews"."rating"), 1)::float from "reviews"
      where "reviews"."service_package_id" = "service_packages"."id"),
    'review_count', (select count(*)::int from "reviews"
      where "reviews"."service_package_id" = "service_packages"."id"))`;
const PACKAGE_JOINS = ` from "service_packages" inner join "teams" on "teams"."id" = "service_packages"."team_id" inner join "users" "package_team_admin" on "package_team_admin"."id" = "teams"."admin_id"`;
/**
 * The list brings its total and the catalogue's version as the last two columns of every row. As ours
 * (decision 0045), it passes the version and total it last saw, and PostgreSQL counts again only when
 * the catalogue changed since.
 */
const PACKAGE_TOTAL = `, case when (select version from service_package_catalogue_version where id = 1) = $1::bigint
    then $2::bigint else (select count(*) from service_packages where status = 'published') end, (select version from service_package_catalogue_version where id = 1)`;

/** By statement name, in the order the compared requests send them (categories, list, detail). */
export const REFERENCE_STATEMENTS = {
  catalogue_categories_active:
    'select "id", "name", "description", "is_active" from "service_categories" where "service_categories"."is_active" = $1 order by "service_categories"."id" asc limit $2 offset $3',
  package_list: `${PACKAGE_COLUMNS}, ${PACKAGE_CARD}${PACKAGE_TOTAL}${PACKAGE_JOINS} where "service_packages"."status" = $3 order by "service_packages"."created_at" desc, "service_packages"."id" desc limit $4 offset $5`,
  package_by_id: `${PACKAGE_COLUMNS}, ${PACKAGE_CARD}${PACKAGE_JOINS} where ("service_packages"."id" = $1 and "service_packages"."custom_offer" = $2)`,
};
