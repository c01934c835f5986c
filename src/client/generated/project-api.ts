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
         * @description Rates made from the counters the provisioning system reports for the server, sampled every minute (METRICS_INTERVAL) while it runs: the samples themselves are kept for 24 hours, 5-minute rollups for 7 days and hourly rollups for 90 days (each configurable). An answer reads the coarsest of these that is fine enough for its step, and never has more than 500 points a series: a step too fine for the range is widened, and `step` says the one used. Each point is `[timestamp, value]`: the start of its step as a Unix timestamp, and the value over the step as a decimal string. A step without samples (the server was stopped, or is younger) has no point. Where the provider keeps metrics in Prometheus instead (METRICS_BACKEND=prometheus), the answer is the same; Prometheus unreachable is 503, an error from it or no answer in time 502.
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
    "/projects/{project_slug}/servers/{server_id}/console/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open the server's serial console
         * @description The way in when SSH is not: a WebSocket to the server's serial console. Any member may ask (not a read-only key), for a running server. The answer is a `ws://` or `wss://` URL on this listener holding a single-use token: open a WebSocket to it within 60 seconds (`expires_at`); it needs no other credentials. Binary frames carry the console's raw bytes both ways (keystrokes in, output out), nothing else; a text frame `{"type":"resize","cols":C,"rows":R}` may tell the terminal's size (a serial line carries none: the guest asks the terminal). Press Enter for the login prompt. A server has one session at a time: a new one takes over, and the old one is closed with code 4000. A session ends after 15 minutes without a byte either way (4001), when the server stops or is deleted (4002), when the member leaves the project or the key is revoked (4003), or when the console ends (4004); a frame over 64 KiB closes it (1009). A used, expired or unknown token is refused with 401 before anything reaches the server; a token made in the web console is refused (403) unless its WebSocket comes from the console's own origin. Opening and closing are in the audit log; opening is the `console.opened` event.
         */
        post: operations["openServerConsole"];
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
         * @description Cuts the power at once, as pulling the plug: what the guest has not written to disk is lost. Use shutdown or reboot for a clean stop. Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
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
         * @description Asks the guest to shut down (its guest agent, or ACPI); powered off after the provider's timeout, said by `forced_power_off: true` in the result. Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
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
         * @description A soft reboot: the guest is asked to shut down (its guest agent, or ACPI), then started again; pending plan changes are applied in between. A guest that has not shut down within the provider's timeout is powered off instead, and the result says `forced_power_off: true`. Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
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
         * @description A running server goes through a soft reboot to configure the address, as reboot does. Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
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
         * @description A running server goes through a soft reboot to join the network, as reboot does. Answers 202 at once with the action to poll. One action runs on a server at a time: another start meanwhile, or a start on a suspended server, is 409 conflict. With an `Idempotency-Key`, the same request again answers the first action (with `Idempotent-Replayed: true`). When the provisioning system is not taking work, the start is refused with 503 and nothing is recorded.
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
    "/projects/{project_slug}/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's events: a stream, or a page after an id
         * @description With `Accept: text/event-stream`, a Server-Sent Events stream: each event as `id:` (its id), `event:` (its type) and `data:` (the event as JSON), a `: heartbeat` comment every 15 s, and no end. It resumes after `Last-Event-ID` (what EventSource sends on reconnecting), else after `after`, else with the next event committed; the header `Last-Event-ID` of the answer says which id it starts after, so a client can resume from there even before any event came. Without it, a page of events after `after`, oldest first; ask again with `after=last_id` until `has_more` is false. Ids increase per project in the order the changes committed, so a client that resumes after the last id it saw misses nothing and gets nothing twice. Events are kept for 7 days (the operator may keep them longer). Any member may read them, with a read-only key too.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/audit-log/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who changed what in the project, newest first (owners and admins)
         * @description Every change made in the project through the project API, the legacy API, the console and the operator API: who (the user, the API key and its name, the console session, or the operator), from which address, the route and the resource it named, the outcome (status and, when refused, the problem `code`) and the request id. Reads are not recorded, and an entry never holds a request body, a header, a token or a secret. Owners and admins may read it (a read-only key too); a member is refused with 403.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/webhooks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's webhooks, oldest first (owners and admins) */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Send the project's events to a URL
         * @description The answer holds the signing `secret`, shown this once. The webhook gets the events committed from now on. Each delivery is a POST of `{"type", "timestamp", "data"}` (`data`: the event as the event stream sends it) following Standard Webhooks 1.0: `webhook-id` (the same on every attempt of a delivery), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of the secret after `whsec_`; two signatures, space-separated, for a day after a rotation). A 2xx answer within 10 s is a success; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 24 h after the delivery was made. Redirects are not followed. At most 20 webhooks per project.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/webhooks/{webhook_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook (never its secret) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook with its deliveries */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook, or turn it off or on */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/projects/{project_slug}/webhooks/{webhook_id}/rotate-secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description The answer holds the new `secret`, shown this once. For 24 hours every delivery carries two signatures, by the new secret and by the one it replaced, so receivers can switch without losing a delivery.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/webhooks/{webhook_id}/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's deliveries, newest first, each with its latest attempts
         * @description Finished deliveries are kept as long as events are (7 days unless the operator keeps them longer).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_slug}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a finished delivery again
         * @description The same body and `webhook-id`, newly signed. The delivery is pending again and retried as any delivery is until 24 h after it was first made (an older one gets one attempt). A delivery still pending, or a webhook turned off, is refused with 409 conflict.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Action */
        Action: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            type: "server.power_on" | "server.power_off" | "server.shutdown" | "server.reboot" | "server.reinstall" | "server.reset_password" | "server.create_snapshot" | "server.restore_snapshot" | "server.mount_iso" | "server.unmount_iso" | "server.enable_ipv6" | "server.enable_private_network";
            status: components["schemas"]["ActionStatus"];
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
                /** @description Such as provisioning_unavailable, provisioning_error, machine_missing, not_carried_out, server_deleted, no_addresses */
                code: string;
                message: string;
            } | null;
            /** @description reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {}; forced_power_off when a soft stop had to be forced */
            result: {
                root_password?: string;
                /** Format: int64 */
                snapshot_id?: number;
                subnet?: string;
                /**
                 * @description reboot, shutdown, enable_ipv6 and enable_private_network ask the guest to shut down (its guest agent, or ACPI); true when it had not within the timeout and was powered off instead (for a reboot: a hard reset)
                 * @enum {boolean}
                 */
                forced_power_off?: true;
            };
        };
        /** ActionPage */
        ActionPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["Action"][];
        };
        /** ActionStatus */
        ActionStatus: "running" | "unknown" | "success" | "error";
        /** AuditLogEntry */
        AuditLogEntry: {
            /**
             * Format: int64
             * @description Increasing in the order the entries were written
             */
            id: number;
            /**
             * Format: date-time
             * @description When the answer was given
             */
            created_at: string;
            /**
             * @description Where the change came in: the project API, the legacy API, the console or the operator API
             * @enum {string}
             */
            interface: "project" | "legacy" | "console" | "operator";
            /** @description The project the change was made in; null outside any project (or once the project is gone) */
            project: string | null;
            actor: {
                /**
                 * @description An API key, a user signed in to the console, the operator, or nobody known (refused credentials, a failed sign-in naming no account)
                 * @enum {string}
                 */
                type: "api_key" | "user" | "operator" | "anonymous";
                /** @description The user behind the key or the console session; for a failed sign-in, the account it named */
                user_id: number | null;
                /** @description The user's e-mail address, while the user exists */
                email: string | null;
                /** @description The key used */
                api_key_id: number | null;
                /** @description The name of the key used */
                api_key_name: string | null;
                /** @description Tells console sessions apart: a digest of the session, never its id */
                session_ref: string | null;
            };
            /** @description The address the request came from */
            client_ip: string;
            method: string;
            /** @description The route that answered, as a pattern (`/api/v1/projects/:project_slug/servers/:server_id/`): never the URL with its query */
            route: string;
            /** @description What happened, for entries that say more than their route: `sign_in`, `sign_in_failed`, `sign_in_code_required`, `api_key.created`, `console.opened`, `console.closed` */
            operation: string | null;
            /** @description The resource the route names by its id; null when it names none (a list, a creation) */
            resource: {
                /** @description Such as `server`, `firewall_group`, `firewall_rule`, `ssh_key`, `api_key` */
                type: string;
                /** @description The resource's id, as text */
                id: string;
                /** @description The name of a key just made (`api_key.created`) */
                name: string | null;
            } | null;
            /** @description The status of the answer. Null when the change was committed (the entry commits in the change's own transaction) and the service stopped before it settled the answer: the change was made, and its client may have had no answer */
            status: number | null;
            /** @description The `code` of a refusal */
            problem_code: string | null;
            /** @description The request id, as in the service log */
            request_id: string;
            /** @description What the entry says beyond its columns: a console session's id, and when it closed, its length, bytes and why it ended; null for the rest */
            details: {
                /**
                 * Format: int64
                 * @description The console session
                 */
                console_session_id?: number;
                /**
                 * Format: int32
                 * @description How long the session was open, in seconds
                 */
                duration_seconds?: number;
                /**
                 * Format: int64
                 * @description Bytes sent to the server's console
                 */
                bytes_in?: number;
                /**
                 * Format: int64
                 * @description Bytes received from the server's console
                 */
                bytes_out?: number;
                /** @description Why the session ended */
                close_reason?: string;
            } | null;
        };
        /** AuditLogEntryPage */
        AuditLogEntryPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["AuditLogEntry"][];
        };
        /** BandwidthOrderRequest */
        BandwidthOrderRequest: {
            /** Format: int32 */
            size_gb: number;
        };
        /** CurrentUser */
        CurrentUser: {
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
                role: components["schemas"]["ProjectRole"];
            }[];
        };
        /** Event */
        Event: {
            /**
             * Format: int64
             * @description Increasing per project, in the order the changes committed: the stream's `id:` and the cursor for `after` and `Last-Event-ID`
             */
            id: number;
            /**
             * @description What happened, such as action.finished
             * @enum {string}
             */
            type: "action.started" | "action.finished" | "order.created" | "order.status_changed" | "order.withdrawn" | "server.created" | "server.renamed" | "server.status_changed" | "server.deleted" | "server.cancellation_requested" | "console.opened" | "firewall_group.created" | "firewall_group.updated" | "firewall_group.deleted" | "firewall_group.attached" | "firewall_group.detached" | "firewall_rule.created" | "firewall_rule.updated" | "firewall_rule.deleted" | "firewall.applied" | "reverse_dns.set" | "reverse_dns.removed" | "invoice.paid" | "webhook.disabled";
            project: string;
            resource: {
                type: string;
                /** @description The resource's id, as text */
                id: string;
            };
            /** @description The resource as the API shows it right after the change: the action, the order, the firewall group or rule, the PTR record, the invoice; for servers, the summary of the server list (read the server itself for the rest) */
            data: unknown;
            /** Format: date-time */
            created_at: string;
        };
        /** EventPage */
        EventPage: {
            results: components["schemas"]["Event"][];
            /**
             * Format: int64
             * @description Ask again with `after` set to this: the last id of the page, or `after` itself when the page is empty
             */
            last_id: number;
            /** @description More events follow at once */
            has_more: boolean;
        };
        /** FieldError */
        FieldError: {
            /** @description Where the problem is: `name`, `rules[2].port_min`, `query`, `body` */
            field: string;
            message: string;
        };
        /** FirewallGroup */
        FirewallGroup: {
            /** Format: int64 */
            id: number;
            name: string;
            /** @description Chosen at creation; cannot change */
            direction: "ingress" | "egress";
            /** @description Ids of the servers the group is attached to */
            servers: string[];
            /** @description Lowest priority first, ties by id */
            rules: components["schemas"]["FirewallRule"][];
            /** Format: date-time */
            created_at: string;
        };
        /** FirewallGroupCreateRequest */
        FirewallGroupCreateRequest: {
            /** @description Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project */
            name: string;
            /** @description Chosen at creation; cannot change */
            direction: "ingress" | "egress";
        };
        /** FirewallGroupPage */
        FirewallGroupPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["FirewallGroup"][];
        };
        /** FirewallGroupUpdateRequest */
        FirewallGroupUpdateRequest: {
            /** @description Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project */
            name?: string;
            /** @description Ignored when it is the group's direction; any other value is refused */
            direction?: string;
            /**
             * Format: int64
             * @description Ignored: the group as GET answers it may be sent back whole, and only its name changes
             */
            id?: number;
            /** @description Ignored: the group as GET answers it may be sent back whole, and only its name changes */
            servers?: string[];
            /** @description Ignored: the group as GET answers it may be sent back whole, and only its name changes */
            rules?: {
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
            /**
             * Format: date-time
             * @description Ignored: the group as GET answers it may be sent back whole, and only its name changes
             */
            created_at?: string;
        };
        /** FirewallRule */
        FirewallRule: {
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
        /** FirewallRuleCreateRequest */
        FirewallRuleCreateRequest: {
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
        /** FirewallRulePage */
        FirewallRulePage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["FirewallRule"][];
        };
        /** FirewallRuleUpdateRequest */
        FirewallRuleUpdateRequest: {
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
        /** Image */
        Image: {
            name: string;
            distro: string;
            version: string;
            display_name: string;
        };
        /** Iso */
        Iso: {
            /** Format: int32 */
            id: number;
            name: string | null;
        };
        /** Location */
        Location: {
            code: string;
            city: string;
            country: string;
            country_code: string;
        };
        /** Order */
        Order: {
            /** Format: int64 */
            id: number;
            type: "server" | "upgrade" | "bandwidth";
            status: components["schemas"]["OrderStatus"];
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
            invoice: components["schemas"]["OrderInvoice"] | null;
            warnings: string[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** OrderInvoice */
        OrderInvoice: {
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
        };
        /** OrderStatus */
        OrderStatus: "submitting" | "awaiting_payment" | "provisioning" | "completed" | "cancelled" | "failed" | "unknown";
        /** Pricing */
        Pricing: {
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
        /**
         * Problem
         * @description RFC 9457 problem details. Extra members by code: `group_id` (name_taken), `rule_id` (rule_exists), `servers` (group_in_use, conflict on an SSH key in use: server ids; project_not_empty: a count, with `ssh_keys`), `order_id` (upstream_error on an order)
         */
        Problem: {
            /**
             * Format: uri-reference
             * @description `about:blank`: the code says what went wrong
             */
            type: string;
            /** @enum {string} */
            title: "Bad Request" | "Unauthorized" | "Forbidden" | "Not Found" | "Method Not Allowed" | "Conflict" | "Payment Required" | "Payload Too Large" | "URI Too Long" | "Unsupported Media Type" | "Request Header Fields Too Large" | "Too Many Requests" | "Internal Server Error" | "Bad Gateway" | "Service Unavailable";
            /** Format: int32 */
            status: number;
            /**
             * @description Stable error code
             * @enum {string}
             */
            code: "validation_error" | "feature_unavailable" | "bad_request" | "unauthenticated" | "forbidden" | "insufficient_role" | "read_only_key" | "billing_account_required" | "project_not_ready" | "not_found" | "method_not_allowed" | "name_taken" | "rule_exists" | "group_in_use" | "idempotency_key_reused" | "project_deleting" | "project_not_empty" | "slug_taken" | "email_taken" | "ssh_key_in_use" | "snapshot_not_ready" | "owner_required" | "addresses_exhausted" | "conflict" | "payment_declined" | "insufficient_credit" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "headers_too_large" | "rate_limited" | "internal_error" | "upstream_error" | "upstream_unavailable" | "reverse_dns_unavailable" | "service_unavailable";
            /** @description What went wrong, for people; may change */
            detail: string;
            /** @description Field-level problems of a validation_error */
            errors?: components["schemas"]["FieldError"][];
        } & {
            [key: string]: unknown;
        };
        /** Product */
        Product: {
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
            locations: components["schemas"]["ProductLocation"][];
            images: string[];
        };
        /** ProductLocation */
        ProductLocation: {
            code: string;
            in_stock: boolean;
            upgrade_in_stock: boolean;
        };
        /** Project */
        Project: {
            slug: string;
            name: string;
            role: components["schemas"]["ProjectRole"];
            /** @description setting_up until the provisioning system confirms the project */
            status: "setting_up" | "ready" | "deleting";
            /** Format: date-time */
            created_at: string;
        };
        /** ProjectCreateRequest */
        ProjectCreateRequest: {
            /** @description 1–100 characters, not only spaces */
            name: string;
            slug?: string;
        };
        /** ProjectPage */
        ProjectPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["Project"][];
        };
        /** ProjectReplaceRequest */
        ProjectReplaceRequest: {
            /** @description 1–100 characters, not only spaces */
            name: string;
        };
        /** ProjectRole */
        ProjectRole: "owner" | "admin" | "member";
        /** ProjectUpdateRequest */
        ProjectUpdateRequest: {
            /** @description 1–100 characters, not only spaces */
            name?: string;
        };
        /** ReverseDnsEntry */
        ReverseDnsEntry: {
            /** @description The address in canonical form (dotted quad; RFC 5952 for IPv6) */
            address: string;
            ptr: string | null;
        };
        /** ReverseDnsEntryPage */
        ReverseDnsEntryPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["ReverseDnsEntry"][];
        };
        /** ReverseDnsSetRequest */
        ReverseDnsSetRequest: {
            /** @description A domain name of up to 255 ASCII characters, no trailing dot; labels of 1–63 letters, digits and hyphens, not starting or ending with a hyphen */
            ptr: string;
        };
        /** Server */
        Server: {
            /** @description 16 lowercase hexadecimal characters */
            id: string;
            hostname: string | null;
            status: components["schemas"]["ServerStatus"];
            pending_changes: boolean;
            location: components["schemas"]["ServerLocation"];
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
        /** ServerCancellation */
        ServerCancellation: {
            /** @enum {string} */
            status: "cancellation_requested";
            /** @description `end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now */
            when: "end_of_term" | "immediate";
        };
        /** ServerCancelRequest */
        ServerCancelRequest: {
            /** @description `end_of_term`: the server runs to the end of the paid period, then is deleted; `immediate`: deleted now */
            when: "end_of_term" | "immediate";
            /** @description Up to 1000 characters; required for end_of_term */
            reason?: string | null;
        };
        /** ServerConsole */
        ServerConsole: {
            /**
             * Format: uri
             * @description Where to open the WebSocket (`ws://` or `wss://`, on this listener), with a single-use token: no other credentials are needed or read. Binary frames carry the serial console's raw bytes both ways; nothing else is in the stream.
             */
            url: string;
            /**
             * Format: date-time
             * @description The token is refused from then on unless it was used: 60 seconds after it was made
             */
            expires_at: string;
        };
        /** ServerCreateSnapshotRequest */
        ServerCreateSnapshotRequest: {
            name?: string;
        };
        /** ServerFirewallGroups */
        ServerFirewallGroups: {
            /** @description Ids of the attached groups, ascending */
            firewall_groups: number[];
        };
        /** ServerFirewallGroupsRequest */
        ServerFirewallGroupsRequest: {
            /** @description The project's groups to attach; replaces the current set, [] detaches all, an id given twice counts once */
            firewall_groups: number[];
        };
        /** ServerLocation */
        ServerLocation: {
            code: string | null;
            city: string | null;
            country_code: string | null;
        };
        /** ServerMetrics */
        ServerMetrics: {
            /** Format: date-time */
            start: string;
            /** Format: date-time */
            end: string;
            /**
             * Format: int32
             * @description Seconds each point covers: the step asked for, or the wider one used (see the `step` parameter)
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
        /** ServerMountIsoRequest */
        ServerMountIsoRequest: {
            /** Format: int32 */
            iso_id: number;
        };
        /** ServerOrderRequest */
        ServerOrderRequest: {
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
        /** ServerReinstallRequest */
        ServerReinstallRequest: {
            image: string;
            ssh_keys?: number[];
        };
        /** ServerRenameRequest */
        ServerRenameRequest: {
            /** @description 2–64 characters: dot-separated labels of letters, digits and hyphens */
            hostname?: string;
        };
        /** ServerRestoreSnapshotRequest */
        ServerRestoreSnapshotRequest: {
            /** Format: int64 */
            snapshot_id: number;
        };
        /** ServerStatus */
        ServerStatus: "running" | "stopped" | "suspended";
        /** ServerSummary */
        ServerSummary: {
            /** @description 16 lowercase hexadecimal characters */
            id: string;
            hostname: string | null;
            status: components["schemas"]["ServerStatus"];
            ipv4_primary: string | null;
            location: components["schemas"]["ServerLocation"];
            plan: {
                name: string | null;
            };
        };
        /** ServerSummaryPage */
        ServerSummaryPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["ServerSummary"][];
        };
        /** Snapshot */
        Snapshot: {
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
        /** SnapshotPage */
        SnapshotPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["Snapshot"][];
        };
        /** SshKey */
        SshKey: {
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
        /** SshKeyCreateRequest */
        SshKeyCreateRequest: {
            /** @description 1–255 characters, not only spaces; trimmed */
            name: string;
            /** @description One OpenSSH public key line: ssh-ed25519, ssh-rsa (2048 bits or more) or ecdsa-sha2-nistp256/384/521 */
            public_key: string;
        };
        /** SshKeyPage */
        SshKeyPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["SshKey"][];
        };
        /** SshKeyUpdateRequest */
        SshKeyUpdateRequest: {
            /** @description 1–255 characters, not only spaces; trimmed */
            name?: string;
        };
        /** UpgradeOption */
        UpgradeOption: {
            /** Format: int32 */
            product_id: number;
            name: string;
            prices: {
                [key: string]: string;
            };
            currency: string;
        };
        /** UpgradeOrderRequest */
        UpgradeOrderRequest: {
            /** Format: int32 */
            product_id: number;
            upgrade_disk?: boolean;
        };
        /** Webhook */
        Webhook: {
            /** Format: int64 */
            id: number;
            /** Format: uri */
            url: string;
            description: string;
            /** @description The event types sent to this webhook; empty: every type. One of: action.started, action.finished, order.created, order.status_changed, order.withdrawn, server.created, server.renamed, server.status_changed, server.deleted, server.cancellation_requested, console.opened, firewall_group.created, firewall_group.updated, firewall_group.deleted, firewall_group.attached, firewall_group.detached, firewall_rule.created, firewall_rule.updated, firewall_rule.deleted, firewall.applied, reverse_dns.set, reverse_dns.removed, invoice.paid, webhook.disabled */
            event_types: ("action.started" | "action.finished" | "order.created" | "order.status_changed" | "order.withdrawn" | "server.created" | "server.renamed" | "server.status_changed" | "server.deleted" | "server.cancellation_requested" | "console.opened" | "firewall_group.created" | "firewall_group.updated" | "firewall_group.deleted" | "firewall_group.attached" | "firewall_group.detached" | "firewall_rule.created" | "firewall_rule.updated" | "firewall_rule.deleted" | "firewall.applied" | "reverse_dns.set" | "reverse_dns.removed" | "invoice.paid" | "webhook.disabled")[];
            /** @description Whether new events are delivered. Turned off after a day in which every attempt failed */
            enabled: boolean;
            /** @description Why the service turned the webhook off; null when it is on or was turned off through the API */
            disabled_reason: string | null;
            /** @description Since when every attempt has failed; null after a success. A day of it turns the webhook off */
            failing_since: string | null;
            /** @description After a rotation: until then the previous secret signs each delivery too */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** WebhookAttempt */
        WebhookAttempt: {
            /** Format: date-time */
            attempted_at: string;
            /** @description The receiver's HTTP status; null when no answer came */
            status_code: number | null;
            /**
             * Format: int32
             * @description From the start of the attempt to the answer, or to the failure
             */
            latency_ms: number;
            /** @description The first 1000 characters of the answer */
            response_excerpt: string;
            /** @description What went wrong: refused address, no connection, no answer in time, a redirect (not followed) */
            error: string | null;
            /** @description The receiver answered 2xx */
            succeeded: boolean;
        };
        /** WebhookCreateRequest */
        WebhookCreateRequest: {
            /** @description Where deliveries are POSTed: an http or https URL without a user name or password. Addresses that are loopback, private, link-local (the metadata service among them), shared, reserved, multicast or unspecified are refused, and so are names that resolve to them, unless the operator allows internal receivers */
            url: string;
            /** @description The event types sent to this webhook; empty: every type. One of: action.started, action.finished, order.created, order.status_changed, order.withdrawn, server.created, server.renamed, server.status_changed, server.deleted, server.cancellation_requested, console.opened, firewall_group.created, firewall_group.updated, firewall_group.deleted, firewall_group.attached, firewall_group.detached, firewall_rule.created, firewall_rule.updated, firewall_rule.deleted, firewall.applied, reverse_dns.set, reverse_dns.removed, invoice.paid, webhook.disabled */
            event_types?: ("action.started" | "action.finished" | "order.created" | "order.status_changed" | "order.withdrawn" | "server.created" | "server.renamed" | "server.status_changed" | "server.deleted" | "server.cancellation_requested" | "console.opened" | "firewall_group.created" | "firewall_group.updated" | "firewall_group.deleted" | "firewall_group.attached" | "firewall_group.detached" | "firewall_rule.created" | "firewall_rule.updated" | "firewall_rule.deleted" | "firewall.applied" | "reverse_dns.set" | "reverse_dns.removed" | "invoice.paid" | "webhook.disabled")[];
            /** @description A note for people; up to 255 characters */
            description?: string;
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            /** Format: int64 */
            id: number;
            /**
             * Format: int64
             * @description The event's id in the project's event log
             */
            event_id: number;
            event_type: string;
            /** @description The `webhook-id` header: the same on every attempt, so a receiver can drop repeats */
            message_id: string;
            /**
             * @description pending while attempts go on; failed once attempts stopped (24 h after the delivery was made) without a success
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** Format: int32 */
            attempt_count: number;
            /** @description When the next attempt is due, while pending */
            next_attempt_at: string | null;
            /** @description The latest 20 attempts, newest first */
            attempts: components["schemas"]["WebhookAttempt"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** WebhookDeliveryPage */
        WebhookDeliveryPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["WebhookDelivery"][];
        };
        /** WebhookPage */
        WebhookPage: {
            /**
             * Format: int64
             * @description Total number of results
             */
            count: number;
            next: string | null;
            previous: string | null;
            /** @description The items of this page */
            results: components["schemas"]["Webhook"][];
        };
        /** WebhookUpdateRequest */
        WebhookUpdateRequest: {
            /** @description Where deliveries are POSTed: an http or https URL without a user name or password. Addresses that are loopback, private, link-local (the metadata service among them), shared, reserved, multicast or unspecified are refused, and so are names that resolve to them, unless the operator allows internal receivers */
            url?: string;
            /** @description The event types sent to this webhook; empty: every type. One of: action.started, action.finished, order.created, order.status_changed, order.withdrawn, server.created, server.renamed, server.status_changed, server.deleted, server.cancellation_requested, console.opened, firewall_group.created, firewall_group.updated, firewall_group.deleted, firewall_group.attached, firewall_group.detached, firewall_rule.created, firewall_rule.updated, firewall_rule.deleted, firewall.applied, reverse_dns.set, reverse_dns.removed, invoice.paid, webhook.disabled */
            event_types?: ("action.started" | "action.finished" | "order.created" | "order.status_changed" | "order.withdrawn" | "server.created" | "server.renamed" | "server.status_changed" | "server.deleted" | "server.cancellation_requested" | "console.opened" | "firewall_group.created" | "firewall_group.updated" | "firewall_group.deleted" | "firewall_group.attached" | "firewall_group.detached" | "firewall_rule.created" | "firewall_rule.updated" | "firewall_rule.deleted" | "firewall.applied" | "reverse_dns.set" | "reverse_dns.removed" | "invoice.paid" | "webhook.disabled")[];
            /** @description A note for people; up to 255 characters */
            description?: string;
            /** @description false turns deliveries off; true turns them on again, from the next event (events in between are in the event log), and clears `failing_since` and `disabled_reason` */
            enabled?: boolean;
        };
        /** WebhookWithSecret */
        WebhookWithSecret: {
            /** Format: int64 */
            id: number;
            /** Format: uri */
            url: string;
            description: string;
            /** @description The event types sent to this webhook; empty: every type. One of: action.started, action.finished, order.created, order.status_changed, order.withdrawn, server.created, server.renamed, server.status_changed, server.deleted, server.cancellation_requested, console.opened, firewall_group.created, firewall_group.updated, firewall_group.deleted, firewall_group.attached, firewall_group.detached, firewall_rule.created, firewall_rule.updated, firewall_rule.deleted, firewall.applied, reverse_dns.set, reverse_dns.removed, invoice.paid, webhook.disabled */
            event_types: ("action.started" | "action.finished" | "order.created" | "order.status_changed" | "order.withdrawn" | "server.created" | "server.renamed" | "server.status_changed" | "server.deleted" | "server.cancellation_requested" | "console.opened" | "firewall_group.created" | "firewall_group.updated" | "firewall_group.deleted" | "firewall_group.attached" | "firewall_group.detached" | "firewall_rule.created" | "firewall_rule.updated" | "firewall_rule.deleted" | "firewall.applied" | "reverse_dns.set" | "reverse_dns.removed" | "invoice.paid" | "webhook.disabled")[];
            /** @description Whether new events are delivered. Turned off after a day in which every attempt failed */
            enabled: boolean;
            /** @description Why the service turned the webhook off; null when it is on or was turned off through the API */
            disabled_reason: string | null;
            /** @description Since when every attempt has failed; null after a success. A day of it turns the webhook off */
            failing_since: string | null;
            /** @description After a rotation: until then the previous secret signs each delivery too */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret, shown this once: `whsec_` and the base64 of 32 random bytes. Verify each delivery with it (Standard Webhooks) */
            secret: string;
        };
    };
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
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["ProjectPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ProjectCreateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `slug_taken` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ProjectReplaceRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_not_empty` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ProjectUpdateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Product"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Image"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Location"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Iso"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Pricing"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSshKeys: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["SshKeyPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["SshKeyCreateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SshKey"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["SshKey"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `ssh_key_in_use`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["SshKeyUpdateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SshKey"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSnapshots: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["SnapshotPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `snapshot_not_ready`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listServers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["ServerSummaryPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerOrderRequest"];
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
                    "application/json": components["schemas"]["Order"];
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
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Server"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerRenameRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Server"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                /** @description Seconds each point covers. Default: the sampling interval (60 s), or longer so that a series has at most 200 points. A step that would make more than 500 points is widened, and so is one finer than the resolution kept for the range (raw samples for a day, 5-minute rollups for a week, hourly ones beyond): the answer's `step` is the one used */
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
                    "application/json": components["schemas"]["ServerMetrics"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API is unavailable for now. Codes: `upstream_unavailable`, `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again: 30, or 300 for the reverse DNS service */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    openServerConsole: {
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
            /** @description Where to open the WebSocket, and until when */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerConsole"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listActions: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
                resource_id?: string;
                resource_type?: "server";
                status?: components["schemas"]["ActionStatus"];
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
                    "application/json": components["schemas"]["ActionPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerReinstallRequest"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerCreateSnapshotRequest"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerRestoreSnapshotRequest"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerMountIsoRequest"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Action"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerCancelRequest"];
            };
        };
        responses: {
            /** @description The same request was made before; nothing changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerCancellation"];
                };
            };
            /** @description The cancellation is requested (immediate: carried out) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerCancellation"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["UpgradeOption"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["UpgradeOrderRequest"];
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
                    "application/json": components["schemas"]["Order"];
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
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["BandwidthOrderRequest"];
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
                    "application/json": components["schemas"]["Order"];
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
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `idempotency_key_reused`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFirewallGroups: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["FirewallGroupPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["FirewallGroupCreateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirewallGroup"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `name_taken`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["FirewallGroup"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `group_in_use`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["FirewallGroupUpdateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirewallGroup"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `name_taken`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFirewallGroupRules: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["FirewallRulePage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["FirewallRuleCreateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirewallRule"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `rule_exists`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["FirewallRule"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["FirewallRuleUpdateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirewallRule"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `rule_exists`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ServerFirewallGroupsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerFirewallGroups"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `billing_account_required`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listServerReverseDns: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["ReverseDnsEntryPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/json": components["schemas"]["ReverseDnsEntry"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                "application/json": components["schemas"]["ReverseDnsSetRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReverseDnsEntry"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `project_not_ready` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A system behind the API failed or did not answer; send the same request again. Codes: `upstream_error` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Events with a larger id than this one. Without it, a page starts at the oldest event kept and a stream with the next event committed */
                after?: string;
                /** @description Only these event types, comma-separated: action.started, action.finished, order.created, order.status_changed, order.withdrawn, server.created, server.renamed, server.status_changed, server.deleted, server.cancellation_requested, console.opened, firewall_group.created, firewall_group.updated, firewall_group.deleted, firewall_group.attached, firewall_group.detached, firewall_rule.created, firewall_rule.updated, firewall_rule.deleted, firewall.applied, reverse_dns.set, reverse_dns.removed, invoice.paid, webhook.disabled */
                types?: string;
                /** @description Events per page: default 100, at most 500 (pages only) */
                page_size?: number;
            };
            header?: {
                /** @description `text/event-stream` for a stream; anything else answers a page of JSON */
                accept?: string;
                /** @description A stream resumes after this id (as an EventSource sends on reconnecting); wins over `after` */
                "last-event-id"?: string;
            };
            path: {
                project_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, or (asked for with Accept) the stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                    "text/event-stream": string;
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only entries by this actor: `api_key:<id>`, `user:<id>` (the user through the console or any of their keys), `operator` or `anonymous` */
                actor?: string;
                /** @description Only entries about this kind of resource, such as `server` or `firewall_group` */
                resource_type?: string;
                /** @description Only entries about the resource with this id (with `resource_type`, one resource) */
                resource_id?: string;
                /** @description Only entries from this moment on (included): an ISO 8601 date and time, such as 2025-06-01T00:00:00Z (without a zone: UTC) */
                since?: string;
                /** @description Only entries before this moment (excluded): an ISO 8601 date and time, such as 2025-06-01T00:00:00Z (without a zone: UTC) */
                until?: string;
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["AuditLogEntryPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
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
                    "application/json": components["schemas"]["WebhookPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
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
                "application/json": components["schemas"]["WebhookCreateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
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
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
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
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdateRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
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
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Items per page: default 50, at most 100 */
                page_size?: number;
            };
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
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
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description The request is invalid; `errors` names the fields of a validation_error. Codes: `validation_error`, `feature_unavailable`, `bad_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_slug: string;
                webhook_id: number;
                delivery_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description No valid API key: missing, malformed, unknown, revoked or expired (sent with `WWW-Authenticate: Bearer`). Codes: `unauthenticated` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Refused. Codes: `read_only_key`, `insufficient_role` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in a project of the key’s user, or a page past the end. Codes: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description In conflict with the state of the resource. Codes: `conflict`, `project_deleting` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Something went wrong on our side; the request may be retried. Codes: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another client error, met at the edge by any route: `payload_too_large` (413), `uri_too_long` (414), `unsupported_media_type` (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
