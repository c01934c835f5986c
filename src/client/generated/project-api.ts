// Generated from the project API's OpenAPI document (/api/v1/openapi.json) by
// openapi-typescript. Do not edit: run `npx tsx scripts/generate-client.ts` after changing a
// route schema (test/client/generated-types.test.ts fails until you do).
export interface paths {
    "/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current user
         * @description The key’s user, their billing account (null when billing cannot be read) and the projects the key can reach.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects the key can reach */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description The project is `setting_up` until the provisioning system confirms it; the creator becomes its owner.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project */
        get: operations["getProject"];
        /** Replace a project */
        put: operations["replaceProject"];
        post?: never;
        /**
         * Delete an empty project
         * @description Only the owner may. A project with servers or SSH keys is refused; the project is deleted in the provisioning system first, then here.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        /** Update a project */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/projects/{project_slug}/products/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products that can be ordered */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/images/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Images servers can be installed with */
        get: operations["listImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/locations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Locations where at least one product is offered */
        get: operations["listLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/isos/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ISO images that can be mounted */
        get: operations["listIsos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/pricing/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prices of extras */
        get: operations["getPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/ssh-keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's SSH keys, oldest first */
        get: operations["listSshKeys"];
        put?: never;
        /**
         * Add an OpenSSH public key
         * @description A key the project already has is refused with 409 conflict.
         */
        post: operations["createSshKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/ssh-keys/{ssh_key_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An SSH key */
        get: operations["getSshKey"];
        put?: never;
        post?: never;
        /**
         * Delete an SSH key no server uses
         * @description A key set on a server is refused with 409 conflict, the servers named in `servers`.
         */
        delete: operations["deleteSshKey"];
        options?: never;
        head?: never;
        /** Rename an SSH key (the key itself never changes) */
        patch: operations["renameSshKey"];
        trace?: never;
    };
    "/projects/{project_slug}/snapshots/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's snapshots, newest first */
        get: operations["listSnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/snapshots/{snapshot_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A snapshot */
        get: operations["getSnapshot"];
        put?: never;
        post?: never;
        /** Delete a snapshot that is not being created */
        delete: operations["deleteSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's servers */
        get: operations["listServers"];
        put?: never;
        /**
         * Order a server
         * @description Paid from the project owner’s credit when it covers the invoice; otherwise the order waits for the invoice to be paid in the console.
         */
        post: operations["orderServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A server
         * @description When billing or the firewall cannot be read, the server is still answered, with `billing` or `firewall_groups` null.
         */
        get: operations["getServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a server (only hostname changes) */
        patch: operations["renameServer"];
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/metrics/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A server's metrics: CPU, disk and network over time
         * @description Rates made from the counters the provisioning system reports for the server, sampled every minute (METRICS_INTERVAL) while it runs and kept for 7 days. Each point is `[timestamp, value]`: the start of its step as a Unix timestamp, and the value over the step as a decimal string. A step without samples (the server was stopped, or is younger) has no point.
         */
        get: operations["getServerMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/actions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's actions, newest first */
        get: operations["listActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/actions/{action_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An action */
        get: operations["getAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/power_on/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.power_on
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerPowerOn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/power_off/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.power_off
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerPowerOff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/shutdown/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.shutdown
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerShutdown"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/reboot/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.reboot
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerReboot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/reinstall/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.reinstall
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerReinstall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/reset_password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.reset_password
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/create_snapshot/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.create_snapshot
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerCreateSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/restore_snapshot/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.restore_snapshot
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerRestoreSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/mount_iso/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.mount_iso
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerMountIso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/unmount_iso/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.unmount_iso
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerUnmountIso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/enable_ipv6/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.enable_ipv6
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerEnableIpv6"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/actions/enable_private_network/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start server.enable_private_network
         * @description Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
         */
        post: operations["startServerEnablePrivateNetwork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/cancel/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request the cancellation of a server (admin or owner)
         * @description A server keeps one cancellation request. The first request answers 202, the same request again 200 and changes nothing; a request of the other kind answers 409 conflict. A 502 upstream_error means the request may not have been recorded: send it again.
         */
        post: operations["cancelServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/upgrade-options/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products the server can be upgraded to */
        get: operations["listServerUpgradeOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/upgrade/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order an upgrade
         * @description The server keeps its billing cycle; the invoice is the price difference for the rest of the term. A server whose billing service cannot be matched is 409 conflict.
         */
        post: operations["orderServerUpgrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/bandwidth/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Order extra bandwidth */
        post: operations["orderServerBandwidth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/orders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's orders, newest first, as last recorded */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/orders/{order_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order, checked against billing first */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/firewall-groups/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's firewall groups, oldest first */
        get: operations["listFirewallGroups"];
        put?: never;
        /**
         * Create an empty firewall group (rules are added after)
         * @description A name another group of the project has is 409 name_taken, with that group’s id in `group_id`.
         */
        post: operations["createFirewallGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/firewall-groups/{group_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A firewall group with its servers and rules */
        get: operations["getFirewallGroup"];
        put?: never;
        post?: never;
        /**
         * Delete a firewall group and its rules (not while attached to servers)
         * @description A group attached to servers is 409 group_in_use, with their ids in `servers`.
         */
        delete: operations["deleteFirewallGroup"];
        options?: never;
        head?: never;
        /** Rename a firewall group (only the name changes) */
        patch: operations["renameFirewallGroup"];
        trace?: never;
    };
    "/projects/{project_slug}/firewall-groups/{group_id}/rules/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A firewall group's rules, lowest priority first */
        get: operations["listFirewallGroupRules"];
        put?: never;
        /**
         * Add a rule that allows traffic
         * @description A copy of a rule the group has is 409 rule_exists, with that rule’s id in `rule_id`.
         */
        post: operations["createFirewallGroupRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/firewall-groups/{group_id}/rules/{rule_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A firewall rule */
        get: operations["getFirewallGroupRule"];
        put?: never;
        post?: never;
        /** Delete a firewall rule */
        delete: operations["deleteFirewallGroupRule"];
        options?: never;
        head?: never;
        /** Change a firewall rule (the result is checked as a whole) */
        patch: operations["updateFirewallGroupRule"];
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/firewall-groups/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a server's firewall groups */
        put: operations["setServerFirewallGroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/reverse-dns/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reverse DNS of the server's IPv4 addresses, primary first (PTRs set inside IPv6 subnets are not listed) */
        get: operations["listServerReverseDns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The PTR name of one of the server's addresses: an IPv4 address, or any address in one of its IPv6 subnets (also those not listed) */
        get: operations["getServerReverseDns"];
        /** Set the PTR name of one of the server's addresses (replaces any earlier one) */
        put: operations["setServerReverseDns"];
        post?: never;
        /** Remove the PTR name of one of the server's addresses (204 also when none was set) */
        delete: operations["deleteServerReverseDns"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** Format: email */
                        email: string;
                        first_name: string;
                        last_name: string;
                        /** @description Null when billing could not be read */
                        billing_account: {
                            exists: boolean;
                            credit_balance: string | null;
                            currency: string | null;
                        } | null;
                        projects: {
                            slug: string;
                            name: string;
                            role: "owner" | "admin" | "member";
                        }[];
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            slug: string;
                            name: string;
                            role: "owner" | "admin" | "member";
                            /** @description setting_up until the provisioning system confirms the project */
                            status: "setting_up" | "ready" | "deleting";
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not only spaces */
                    name: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        name: string;
                        role: "owner" | "admin" | "member";
                        /** @description setting_up until the provisioning system confirms the project */
                        status: "setting_up" | "ready" | "deleting";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `slug_taken` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "slug_taken";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        name: string;
                        role: "owner" | "admin" | "member";
                        /** @description setting_up until the provisioning system confirms the project */
                        status: "setting_up" | "ready" | "deleting";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    replaceProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not only spaces */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        name: string;
                        role: "owner" | "admin" | "member";
                        /** @description setting_up until the provisioning system confirms the project */
                        status: "setting_up" | "ready" | "deleting";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_not_empty` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_empty";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 characters, not only spaces */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slug: string;
                        name: string;
                        role: "owner" | "admin" | "member";
                        /** @description setting_up until the provisioning system confirms the project */
                        status: "setting_up" | "ready" | "deleting";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        id: number;
                        name: string;
                        category: string;
                        description: string[];
                        prices: {
                            [key: string]: string;
                        };
                        setup_fees: {
                            [key: string]: string;
                        };
                        currency: string;
                        billing_cycles: string[];
                        default_billing_cycle: string;
                        locations: {
                            code: string;
                            in_stock: boolean;
                            upgrade_in_stock: boolean;
                        }[];
                        images: string[];
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listImages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        distro: string;
                        version: string;
                        display_name: string;
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listLocations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        city: string;
                        country: string;
                        country_code: string;
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listIsos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        id: number;
                        name: string | null;
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPricing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        ipv4_additional: {
                            [key: string]: string;
                        };
                        ipv6: {
                            [key: string]: string;
                        };
                        extra_bandwidth: {
                            /** Format: int32 */
                            size_gb: number;
                            /** @description Decimal amount with two decimals */
                            price: string;
                        }[];
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listSshKeys: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** Format: int64 */
                            id: number;
                            name: string;
                            /** @description The key as `<type> <base64>` and its comment, if it has one */
                            public_key: string;
                            /** @description SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…` */
                            fingerprint: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createSshKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–255 characters, not only spaces; trimmed */
                    name: string;
                    /** @description One OpenSSH public key line: ssh-ed25519, ssh-rsa (2048 bits or more) or ecdsa-sha2-nistp256/384/521 */
                    public_key: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description The key as `<type> <base64>` and its comment, if it has one */
                        public_key: string;
                        /** @description SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…` */
                        fingerprint: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSshKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                ssh_key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description The key as `<type> <base64>` and its comment, if it has one */
                        public_key: string;
                        /** @description SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…` */
                        fingerprint: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteSshKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                ssh_key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `ssh_key_in_use`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "ssh_key_in_use" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    renameSshKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                ssh_key_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–255 characters, not only spaces; trimmed */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description The key as `<type> <base64>` and its comment, if it has one */
                        public_key: string;
                        /** @description SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…` */
                        fingerprint: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listSnapshots: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** Format: int64 */
                            id: number;
                            name: string;
                            /** @description The server it was taken of, or null when that is not recorded */
                            server_id: string | null;
                            status: "creating" | "completed" | "failed";
                            size_gb: number | null;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                snapshot_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description The server it was taken of, or null when that is not recorded */
                        server_id: string | null;
                        status: "creating" | "completed" | "failed";
                        size_gb: number | null;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                snapshot_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `snapshot_not_ready`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "snapshot_not_ready" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listServers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                            hostname: string | null;
                            status: "running" | "stopped" | "suspended";
                            ipv4_primary: string | null;
                            location: {
                                code: string | null;
                                city: string | null;
                                country_code: string | null;
                            };
                            plan: {
                                name: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    orderServer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                    hostname: string;
                    /** Format: int32 */
                    product_id: number;
                    location: string;
                    billing_cycle?: string;
                    image?: string;
                    /** Format: int64 */
                    snapshot_id?: number;
                    ssh_keys?: number[];
                    /**
                     * Format: int32
                     * @description Number of IPv4 addresses added to the first
                     */
                    ipv4_additional?: number;
                    ipv6?: boolean;
                    private_network?: boolean;
                    promo_code?: string | null;
                    user_data?: string | null;
                };
            };
        };
        responses: {
            /** @description The same order sent again with the same Idempotency-Key: the first order */
            200: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The order, recorded and placed with billing */
            201: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description More than 10 order requests a minute with this API key. Codes: `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds until an order request is accepted again */
                    "Retry-After"?: number;
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Billing failed or did not answer. When the order was recorded all the same (`order_id`, status `unknown`), poll it instead of ordering again; that answer was counted and carries the rate-limit headers. Codes: `upstream_error` */
            502: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 16 lowercase hexadecimal characters */
                        id: string;
                        hostname: string | null;
                        status: "running" | "stopped" | "suspended";
                        pending_changes: boolean;
                        location: {
                            code: string | null;
                            city: string | null;
                            country_code: string | null;
                        };
                        image: {
                            name: string | null;
                            display_name: string | null;
                        };
                        plan: {
                            name: string | null;
                            category: string | null;
                            cpu_cores: number | null;
                            ram_mb: number | null;
                            disk_gb: number | null;
                            boot_disk_gb: number | null;
                        };
                        network: {
                            /** @description Primary first */
                            ipv4: {
                                /** Format: ipv4 */
                                address: string;
                                primary: boolean;
                                netmask: string | null;
                                gateway: string | null;
                            }[];
                            ipv6: {
                                /** @description An IPv6 network in CIDR form */
                                subnet: string;
                            }[];
                            private_network: {
                                eligible: boolean | null;
                                enabled: boolean | null;
                            } | null;
                        };
                        bandwidth: {
                            pooled: boolean;
                            allocated_gb: number | null;
                            extra_gb: number | null;
                            used_gb: number | null;
                            pool: {
                                allocated_gb: number | null;
                                extra_gb: number | null;
                                used_gb: number | null;
                            } | null;
                        } | null;
                        /** @description Null when the firewall could not be read; null never means no firewall */
                        firewall_groups: number[] | null;
                        ssh_keys: number[];
                        iso: {
                            /** Format: int32 */
                            id: number;
                            name: string | null;
                        } | null;
                        has_user_data: boolean;
                        /** @description Null when the server has no billing service or billing could not be read */
                        billing: {
                            /** Format: int64 */
                            service_id: number;
                            status: string | null;
                            billing_cycle: string | null;
                            next_due_date: string | null;
                            recurring_amount: string | null;
                            currency: string;
                            upgradeable_to: number[];
                        } | null;
                        created_at: string | null;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    renameServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                    hostname?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 16 lowercase hexadecimal characters */
                        id: string;
                        hostname: string | null;
                        status: "running" | "stopped" | "suspended";
                        pending_changes: boolean;
                        location: {
                            code: string | null;
                            city: string | null;
                            country_code: string | null;
                        };
                        image: {
                            name: string | null;
                            display_name: string | null;
                        };
                        plan: {
                            name: string | null;
                            category: string | null;
                            cpu_cores: number | null;
                            ram_mb: number | null;
                            disk_gb: number | null;
                            boot_disk_gb: number | null;
                        };
                        network: {
                            /** @description Primary first */
                            ipv4: {
                                /** Format: ipv4 */
                                address: string;
                                primary: boolean;
                                netmask: string | null;
                                gateway: string | null;
                            }[];
                            ipv6: {
                                /** @description An IPv6 network in CIDR form */
                                subnet: string;
                            }[];
                            private_network: {
                                eligible: boolean | null;
                                enabled: boolean | null;
                            } | null;
                        };
                        bandwidth: {
                            pooled: boolean;
                            allocated_gb: number | null;
                            extra_gb: number | null;
                            used_gb: number | null;
                            pool: {
                                allocated_gb: number | null;
                                extra_gb: number | null;
                                used_gb: number | null;
                            } | null;
                        } | null;
                        /** @description Null when the firewall could not be read; null never means no firewall */
                        firewall_groups: number[] | null;
                        ssh_keys: number[];
                        iso: {
                            /** Format: int32 */
                            id: number;
                            name: string | null;
                        } | null;
                        has_user_data: boolean;
                        /** @description Null when the server has no billing service or billing could not be read */
                        billing: {
                            /** Format: int64 */
                            service_id: number;
                            status: string | null;
                            billing_cycle: string | null;
                            next_due_date: string | null;
                            recurring_amount: string | null;
                            currency: string;
                            upgradeable_to: number[];
                        } | null;
                        created_at: string | null;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getServerMetrics: {
        parameters: {
            query: {
                /** @description Which metrics: `cpu`, `disk` or `network`, or several separated by commas (`cpu,network`) */
                type: string;
                /** @description Start of the range (ISO 8601 with a time zone, such as `2025-03-01T12:00:00Z`) */
                start: string;
                /** @description End of the range: after `start`, at most 31 days after it */
                end: string;
                /** @description Seconds each point covers. Default: the sampling interval (60 s), or longer so that a series has at most 200 points; at most 20000 points may be asked for */
                step?: number;
            };
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        start: string;
                        /** Format: date-time */
                        end: string;
                        /**
                         * Format: int32
                         * @description Seconds each point covers
                         */
                        step: number;
                        /** @description One series per metric of the types asked for */
                        time_series: {
                            /** @description CPU use in percent of the plan’s vCPUs (0–100); with `type` cpu */
                            cpu?: {
                                /** @description Oldest first; a step without samples (the server was not running) has no point */
                                values: (number | string)[][];
                            };
                            /** @description Bytes read from the server’s disks per second; with `type` disk */
                            "disk.bytes.read"?: {
                                /** @description Oldest first; a step without samples (the server was not running) has no point */
                                values: (number | string)[][];
                            };
                            /** @description Bytes written to the server’s disks per second; with `type` disk */
                            "disk.bytes.write"?: {
                                /** @description Oldest first; a step without samples (the server was not running) has no point */
                                values: (number | string)[][];
                            };
                            /** @description Bytes received per second, over all its interfaces; with `type` network */
                            "network.bytes.in"?: {
                                /** @description Oldest first; a step without samples (the server was not running) has no point */
                                values: (number | string)[][];
                            };
                            /** @description Bytes sent per second, over all its interfaces; with `type` network */
                            "network.bytes.out"?: {
                                /** @description Oldest first; a step without samples (the server was not running) has no point */
                                values: (number | string)[][];
                            };
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listActions: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
                resource_id?: string;
                resource_type?: "server";
                status?: "running" | "unknown" | "success" | "error";
                type?: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
            };
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** Format: int64 */
                            id: number;
                            /** @enum {string} */
                            type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                            status: "running" | "unknown" | "success" | "error";
                            resource: {
                                /** @enum {string} */
                                type: "server";
                                /** @description 16 lowercase hexadecimal characters */
                                id: string;
                            };
                            /** Format: date-time */
                            started_at: string;
                            finished_at: string | null;
                            error: {
                                /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                                code: string;
                                message: string;
                            } | null;
                            /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                            result: {
                                root_password?: string;
                                /** Format: int64 */
                                snapshot_id?: number;
                                subnet?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                action_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerPowerOn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerPowerOff: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerShutdown: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerReboot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerReinstall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                    ssh_keys?: number[];
                };
            };
        };
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerResetPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerCreateSnapshot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerRestoreSnapshot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int64 */
                    snapshot_id: number;
                };
            };
        };
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerMountIso: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    iso_id: number;
                };
            };
        };
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerUnmountIso: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerEnableIpv6: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    startServerEnablePrivateNetwork: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action, started (or, for a repeated Idempotency-Key, the first one, whatever state it is in now) */
            202: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        /** @enum {string} */
                        type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
                        status: "running" | "unknown" | "success" | "error";
                        resource: {
                            /** @enum {string} */
                            type: "server";
                            /** @description 16 lowercase hexadecimal characters */
                            id: string;
                        };
                        /** Format: date-time */
                        started_at: string;
                        finished_at: string | null;
                        error: {
                            /** @description Such as provisioning_unavailable, provisioning_error, not_carried_out, server_deleted, no_addresses */
                            code: string;
                            message: string;
                        } | null;
                        /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {} */
                        result: {
                            root_password?: string;
                            /** Format: int64 */
                            snapshot_id?: number;
                            subnet?: string;
                        };
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    cancelServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now */
                    when: "end_of_term" | "immediate";
                    /** @description Up to 1000 characters; required for end_of_term */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The same request was made before; nothing changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "cancellation_requested";
                        /** @description `end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now */
                        when: "end_of_term" | "immediate";
                    };
                };
            };
            /** @description The cancellation is requested (immediate: carried out) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "cancellation_requested";
                        /** @description `end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now */
                        when: "end_of_term" | "immediate";
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listServerUpgradeOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        product_id: number;
                        name: string;
                        prices: {
                            [key: string]: string;
                        };
                        currency: string;
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    orderServerUpgrade: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    product_id: number;
                    upgrade_disk?: boolean;
                };
            };
        };
        responses: {
            /** @description The same order sent again with the same Idempotency-Key: the first order */
            200: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The order, recorded and placed with billing */
            201: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "conflict" | "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description More than 10 order requests a minute with this API key. Codes: `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds until an order request is accepted again */
                    "Retry-After"?: number;
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Billing failed or did not answer. When the order was recorded all the same (`order_id`, status `unknown`), poll it instead of ordering again; that answer was counted and carries the rate-limit headers. Codes: `upstream_error` */
            502: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    orderServerBandwidth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a request safely: the same key and body answer the first result */
                "idempotency-key"?: string;
            };
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: int32 */
                    size_gb: number;
                };
            };
        };
        responses: {
            /** @description The same order sent again with the same Idempotency-Key: the first order */
            200: {
                headers: {
                    /** @description Present (`true`) when this is the answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The order, recorded and placed with billing */
            201: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "insufficient_role" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "idempotency_key_reused" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description More than 10 order requests a minute with this API key. Codes: `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds until an order request is accepted again */
                    "Retry-After"?: number;
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Billing failed or did not answer. When the order was recorded all the same (`order_id`, status `unknown`), poll it instead of ordering again; that answer was counted and carries the rate-limit headers. Codes: `upstream_error` */
            502: {
                headers: {
                    /** @description Order requests allowed per API key in 60 seconds */
                    "RateLimit-Limit"?: number;
                    /** @description Order requests left in the window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the whole limit is free again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first, each as last recorded; the 1000 newest */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                order_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        type: "server" | "upgrade" | "bandwidth";
                        status: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
                        server_id: string | null;
                        /** @description What was ordered */
                        request: {
                            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
                            hostname?: string;
                            /** Format: int32 */
                            product_id?: number;
                            location?: string;
                            image?: string | null;
                            billing_cycle?: string;
                            /**
                             * Format: int32
                             * @description Number of IPv4 addresses added to the first
                             */
                            ipv4_additional?: number;
                            ipv6?: boolean;
                            private_network?: boolean;
                            ssh_keys?: number[];
                            snapshot_id?: number | null;
                            promo_code?: string | null;
                            /** @description User data itself is never stored */
                            has_user_data?: boolean;
                            upgrade_disk?: boolean;
                            /** Format: int32 */
                            size_gb?: number;
                        };
                        invoice: {
                            /** Format: int64 */
                            id: number;
                            /** @description As billing reports it, such as `unpaid`, `paid`, `cancelled` */
                            status: string;
                            total: string;
                            currency: string;
                            /**
                             * Format: uri
                             * @description Where the invoice is paid in the console
                             */
                            url: string;
                        } | null;
                        warnings: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listFirewallGroups: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** Format: int64 */
                            id: number;
                            name: string;
                            /** @description Chosen at creation; cannot change */
                            direction: "ingress" | "egress";
                            /** @description Ids of the servers the group is attached to */
                            servers: string[];
                            /** @description Lowest priority first, ties by id */
                            rules: {
                                /** Format: int64 */
                                id: number;
                                protocol: "tcp" | "udp" | "icmp" | "any";
                                port_min: number | null;
                                port_max: number | null;
                                source_cidr: string | null;
                                destination_cidr: string | null;
                                /** Format: int32 */
                                priority: number;
                                comment: string | null;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createFirewallGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project */
                    name: string;
                    /** @description Chosen at creation; cannot change */
                    direction: "ingress" | "egress";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description Chosen at creation; cannot change */
                        direction: "ingress" | "egress";
                        /** @description Ids of the servers the group is attached to */
                        servers: string[];
                        /** @description Lowest priority first, ties by id */
                        rules: {
                            /** Format: int64 */
                            id: number;
                            protocol: "tcp" | "udp" | "icmp" | "any";
                            port_min: number | null;
                            port_max: number | null;
                            source_cidr: string | null;
                            destination_cidr: string | null;
                            /** Format: int32 */
                            priority: number;
                            comment: string | null;
                        }[];
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `name_taken`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "name_taken" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getFirewallGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description Chosen at creation; cannot change */
                        direction: "ingress" | "egress";
                        /** @description Ids of the servers the group is attached to */
                        servers: string[];
                        /** @description Lowest priority first, ties by id */
                        rules: {
                            /** Format: int64 */
                            id: number;
                            protocol: "tcp" | "udp" | "icmp" | "any";
                            port_min: number | null;
                            port_max: number | null;
                            source_cidr: string | null;
                            destination_cidr: string | null;
                            /** Format: int32 */
                            priority: number;
                            comment: string | null;
                        }[];
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteFirewallGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `group_in_use`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "group_in_use" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    renameFirewallGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project */
                    name?: string;
                    /** @description Ignored when it is the group's direction; any other value is refused */
                    direction?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        name: string;
                        /** @description Chosen at creation; cannot change */
                        direction: "ingress" | "egress";
                        /** @description Ids of the servers the group is attached to */
                        servers: string[];
                        /** @description Lowest priority first, ties by id */
                        rules: {
                            /** Format: int64 */
                            id: number;
                            protocol: "tcp" | "udp" | "icmp" | "any";
                            port_min: number | null;
                            port_max: number | null;
                            source_cidr: string | null;
                            destination_cidr: string | null;
                            /** Format: int32 */
                            priority: number;
                            comment: string | null;
                        }[];
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `name_taken`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "name_taken" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listFirewallGroupRules: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** Format: int64 */
                            id: number;
                            protocol: "tcp" | "udp" | "icmp" | "any";
                            port_min: number | null;
                            port_max: number | null;
                            source_cidr: string | null;
                            destination_cidr: string | null;
                            /** Format: int32 */
                            priority: number;
                            comment: string | null;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createFirewallGroupRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    protocol: "tcp" | "udp" | "icmp" | "any";
                    /** @description tcp and udp only. Both ports empty means every port */
                    port_min?: number | null;
                    /** @description Last port of a range; empty means port_min alone; needs port_min */
                    port_max?: number | null;
                    /** @description Ingress groups only: where traffic comes from. A network or a single address; empty or null: any address of both families */
                    source_cidr?: string | null;
                    /** @description Egress groups only: where traffic goes. A network or a single address; empty or null: any address of both families */
                    destination_cidr?: string | null;
                    /**
                     * Format: int32
                     * @description Orders rules, lowest first; never changes what is allowed. 1000 when left out
                     */
                    priority?: number;
                    /** @description Changes nothing */
                    comment?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        protocol: "tcp" | "udp" | "icmp" | "any";
                        port_min: number | null;
                        port_max: number | null;
                        source_cidr: string | null;
                        destination_cidr: string | null;
                        /** Format: int32 */
                        priority: number;
                        comment: string | null;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `rule_exists`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "rule_exists" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getFirewallGroupRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
                rule_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        protocol: "tcp" | "udp" | "icmp" | "any";
                        port_min: number | null;
                        port_max: number | null;
                        source_cidr: string | null;
                        destination_cidr: string | null;
                        /** Format: int32 */
                        priority: number;
                        comment: string | null;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteFirewallGroupRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
                rule_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    updateFirewallGroupRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                group_id: number;
                rule_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    protocol?: "tcp" | "udp" | "icmp" | "any";
                    /** @description tcp and udp only. Both ports empty means every port */
                    port_min?: number | null;
                    /** @description Last port of a range; empty means port_min alone; needs port_min */
                    port_max?: number | null;
                    /** @description Ingress groups only: where traffic comes from. A network or a single address; empty or null: any address of both families */
                    source_cidr?: string | null;
                    /** @description Egress groups only: where traffic goes. A network or a single address; empty or null: any address of both families */
                    destination_cidr?: string | null;
                    /**
                     * Format: int32
                     * @description Orders rules, lowest first; never changes what is allowed. 1000 when left out
                     */
                    priority?: number;
                    /** @description Changes nothing */
                    comment?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int64 */
                        id: number;
                        protocol: "tcp" | "udp" | "icmp" | "any";
                        port_min: number | null;
                        port_max: number | null;
                        source_cidr: string | null;
                        destination_cidr: string | null;
                        /** Format: int32 */
                        priority: number;
                        comment: string | null;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `rule_exists`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "rule_exists" | "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    setServerFirewallGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project's groups to attach; replaces the current set, [] detaches all, an id given twice counts once */
                    firewall_groups: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ids of the attached groups, ascending */
                        firewall_groups: number[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "billing_account_required" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `reverse_dns_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listServerReverseDns: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: string;
                /** @description Items per page: default 50, at most 100 */
                page_size?: string;
            };
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: int64
                         * @description Total number of results
                         */
                        count: number;
                        next: string | null;
                        previous: string | null;
                        /** @description The items of this page */
                        results: {
                            /** @description The address in canonical form (dotted quad; RFC 5952 for IPv6) */
                            address: string;
                            ptr: string | null;
                        }[];
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `reverse_dns_unavailable` */
            503: {
                headers: {
                    /** @description Always 300: seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "reverse_dns_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getServerReverseDns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
                /** @description One of the server's IPv4 addresses, or any address in one of its IPv6 subnets, written any valid way */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address in canonical form (dotted quad; RFC 5952 for IPv6) */
                        address: string;
                        ptr: string | null;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `reverse_dns_unavailable` */
            503: {
                headers: {
                    /** @description Always 300: seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "reverse_dns_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    setServerReverseDns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
                /** @description One of the server's IPv4 addresses, or any address in one of its IPv6 subnets, written any valid way */
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A domain name of up to 255 ASCII characters, no trailing dot; labels of 1–63 letters, digits and hyphens, not starting or ending with a hyphen */
                    ptr: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address in canonical form (dotted quad; RFC 5952 for IPv6) */
                        address: string;
                        ptr: string | null;
                    };
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `reverse_dns_unavailable` */
            503: {
                headers: {
                    /** @description Always 300: seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "reverse_dns_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteServerReverseDns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                /** @description 16 lowercase hexadecimal characters */
                server_id: string;
                /** @description One of the server's IPv4 addresses, or any address in one of its IPv6 subnets, written any valid way */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Unauthorized";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "unauthenticated";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Forbidden";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "read_only_key" | "project_not_ready";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Not Found";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "not_found";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Conflict";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "project_deleting";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Internal Server Error";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "internal_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Gateway";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "upstream_error";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `reverse_dns_unavailable` */
            503: {
                headers: {
                    /** @description Always 300: seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Service Unavailable";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "reverse_dns_unavailable";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /**
                         * Format: uri-reference
                         * @description `about:blank`: the code says what went wrong
                         */
                        type: string;
                        /** @enum {string} */
                        title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests";
                        /** Format: int32 */
                        status: number;
                        /**
                         * @description Stable error code
                         * @enum {string}
                         */
                        code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited";
                        /** @description What went wrong, for people; may change */
                        detail: string;
                        /** @description Field-level problems of a validation_error */
                        errors?: {
                            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
                            field: string;
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
}
