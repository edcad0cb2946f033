import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorNotice } from "~/components/layout/error-notice";

/**
 * Every admin page's ErrorBoundary: a failed loader or action shows this inside the admin shell
 * (header and tabs stay). Sign-in and Access Denied are the layout's, never this.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <ErrorNotice
      status={status}
      title={notFound ? "Not found" : "Something went wrong"}
      message={notFound ? "This record does not exist or has been deleted." : "This page could not be shown. Reload it or try again in a moment."}
      link={{ to: "/admin", label: "Back to admin" }}
      className="py-16"
    />
  );
}
