/*
 * test_config.c: the parameter table engine (src/config/param), the YAML
 * loader and dumper (src/config/yaml_*), and configuration edits
 * (src/config/config): parsing and range checks, dotted paths with '*' and
 * append, positions in messages, "did you mean", and the dump round trip.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "family/multicluster.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"

static const char base_yaml[] =
	"model: multicluster\n"
	"title: \"two groups: small\"\n"
	"m: 8\n"
	"clusters:\n"
	"  - {count: 12, n: 1, tau: 0.1}   # comment\n"
	"  - count: 4\n"
	"    n: 3\n"
	"    tau: 0.12\n"
	"network:\n"
	"  icn1: {a_n: 0.02, a_s: 0.01, bandwidth: 500, flit_bytes: 256}\n"
	"  ecn1: {t_cn: 0.517, t_cs: 0.522}\n"
	"  icn2: {t_cn: 0.517, t_cs: 0.522}\n"
	"traffic:\n"
	"  theta: 0.6\n"
	"  mix:\n"
	"    - {length: 32, prob: 0.5}\n"
	"    - {length: 64, prob: 0.5}\n";

static void load_ok(struct config *cfg, const char *text, struct srcmap **map)
{
	struct diag d;
	char msg[1024];
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", map, &d) ||
	    config_validate(cfg, &d))
		fail_msg("load failed: %s", diag_format(&d, msg, sizeof msg));
}

/* Load text, expect failure, return the formatted diagnostic. */
static const char *load_err(const char *text)
{
	static char msg[1024];
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct srcmap *map = NULL;
	if (config_parse_text(&cfg, text, strlen(text), "t.yaml", &map, &d) == 0) {
		if (config_validate(&cfg, &d) == 0) {
			srcmap_free(map);
			fail_msg("expected an error for:\n%s", text);
		}
		srcmap_locate(map, &d);
	}
	config_free(&cfg);
	srcmap_free(map);
	return diag_format(&d, msg, sizeof msg);
}

/* base_yaml with the first occurrence of `from` replaced by `to`. */
static char *variant(const char *from, const char *to)
{
	static char buf[4096];
	const char *at = strstr(base_yaml, from);
	assert_non_null(at);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - base_yaml), base_yaml, to,
		 at + strlen(from));
	return buf;
}

static void test_load_values(void **state)
{
	(void)state;
	struct config cfg = CONFIG_EMPTY;
	load_ok(&cfg, base_yaml, NULL);
	const struct mc_config *c = mc_cfg(&cfg);
	assert_string_equal(cfg.family->schema.name, "multicluster");
	assert_string_equal(cfg.title, "two groups: small");
	assert_int_equal(c->m, 8);
	assert_int_equal(c->nclusters, 2);
	assert_int_equal(c->clusters[0].count, 12);
	assert_int_equal(c->clusters[1].n, 3);
	assert_true(c->clusters[1].tau == 0.12);
	assert_true(isnan(c->network.icn1.t_cn));
	assert_true(c->network.icn1.bandwidth == 500);
	assert_true(c->traffic.theta == 0.6);
	assert_int_equal(c->traffic.nmix, 2);
	/* Defaults for what the file leaves out. */
	assert_int_equal(c->traffic.pattern, FT_UNIFORM);
	assert_int_equal(c->load.points, 100);
	assert_true(isnan(c->load.to));
	/* Resolved model parameters: Eq. (1) mean length, Eqs. (3)-(4). */
	struct mc_params p;
	mc_config_params(c, &p);
	assert_true(p.M == 48);
	assert_true(fabs(p.icn1.t_cn - 0.522) < 1e-15);
	assert_true(p.ecn1.t_cn == 0.517);
	config_free(&cfg);
}

static void test_errors_have_positions(void **state)
{
	(void)state;
	assert_string_equal(load_err(variant("tau: 0.1}", "tau: 1.5}")),
			    "t.yaml:5:28: clusters.0.tau: 1.5 is out of range (allowed: a number in [0, 1))");
	assert_string_equal(load_err(variant("tau: 0.1}", "tua: 0.1}")),
			    "t.yaml:5:23: clusters.0.tua: unknown field; did you mean 'tau'? (allowed: count, n, tau)");
	assert_string_equal(load_err(variant("n: 3\n", "n: 12\n")),
			    "t.yaml:7:5: clusters.1.n: the 8-port 12-tree is too large (allowed: at most 4194304 nodes per cluster, i.e. 2(m/2)^n <= 4194304)");
	assert_string_equal(load_err(variant("m: 8", "m: 9")),
			    "t.yaml:3:4: m: 9 is odd (allowed: an even integer in [4, 64])");
	assert_string_equal(load_err(variant("    n: 3\n", "")),
			    "t.yaml:6:5: clusters.1.n: missing required field (allowed: an integer in [1, 24])");
	assert_string_equal(load_err(variant("prob: 0.5}\n", "prob: 0.4}\n")),
			    "t.yaml:15:3: traffic.mix: probabilities sum to 0.9 (allowed: probabilities summing to 1)");
	assert_string_equal(load_err(variant("ecn1: {t_cn: 0.517,", "ecn1: {a_n: 1, t_cn: 0.517,")),
			    "t.yaml:11:3: network.ecn1: timing given twice: give either t_cn and t_cs, or a_n, a_s, bandwidth and flit_bytes, not both");
	assert_string_equal(load_err("model: multicluster\nm: [8\n"),
			    "t.yaml:3:1: did not find expected ',' or ']' while parsing a flow sequence");
	assert_string_equal(load_err("m: 8\n"),
			    "t.yaml:1:1: model: missing required field (allowed: multicluster, star, irregular, ethernet)");
	assert_string_equal(load_err(variant("theta: 0.6", "theta: ~")),
			    "t.yaml:14:10: traffic.theta: missing value (allowed: a number in [0, 1] or auto)");
	assert_string_equal(load_err(variant("theta: 0.6", "theta: {a: 1}")),
			    "t.yaml:14:10: traffic.theta: expected a single value, found a mapping (allowed: a number in [0, 1] or auto)");
}

static void test_paths(void **state)
{
	(void)state;
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	char buf[64];
	load_ok(&cfg, base_yaml, NULL);
	const struct param *root = cfg.family->schema.params;

	assert_int_equal(config_set(&cfg, "clusters.1.tau", "0.3", &d), 0);
	assert_true(mc_cfg(&cfg)->clusters[1].tau == 0.3);
	assert_int_equal(config_set(&cfg, "clusters.*.tau", "0", &d), 0);
	assert_true(mc_cfg(&cfg)->clusters[0].tau == 0 && mc_cfg(&cfg)->clusters[1].tau == 0);
	/* Appending at the next index, with defaults for the other fields:
	 * count 1, tau 0, but n is required, so the edit is refused until
	 * it is given. */
	assert_int_equal(config_set(&cfg, "clusters.2.count", "2", &d), -1);
	assert_string_equal(d.path, "clusters.2.n");
	assert_int_equal(mc_cfg(&cfg)->nclusters, 2);   /* unchanged on refusal */
	assert_int_equal(config_set(&cfg, "clusters.2.n", "2", &d), 0);
	assert_int_equal(mc_cfg(&cfg)->nclusters, 3);
	assert_int_equal(mc_cfg(&cfg)->clusters[2].count, 1);
	/* Out of range, unknown, malformed. */
	assert_int_equal(config_set(&cfg, "clusters.5.n", "2", &d), -1);
	assert_non_null(strstr(d.msg, "index 5 is out of range"));
	assert_int_equal(config_set(&cfg, "network.icn9.t_cn", "1", &d), -1);
	assert_non_null(strstr(d.msg, "did you mean 'icn1'"));
	assert_int_equal(config_set(&cfg, "m", "6", &d), 0);
	assert_int_equal(config_set(&cfg, "traffic.pattern", "transpose", &d), -1);
	assert_non_null(strstr(d.msg, "power-of-two"));
	assert_int_equal(mc_cfg(&cfg)->traffic.pattern, FT_UNIFORM);
	/* Reading back. */
	assert_int_equal(param_get_path(root, config_cbody(&cfg), "traffic.theta", buf,
					sizeof buf, NULL), 0);
	assert_string_equal(buf, "0.6");
	assert_int_equal(config_set(&cfg, "traffic.theta", "auto", &d), 0);
	param_get_path(root, config_cbody(&cfg), "traffic.theta", buf, sizeof buf, NULL);
	assert_string_equal(buf, "auto");
	/* Removing list items respects the minimum (one group, two clusters). */
	const struct mc_config *c = mc_cfg(&cfg);
	assert_int_equal(param_list_remove(root, config_body(&cfg), "clusters", 0, &d), 0);
	assert_int_equal(c->nclusters, 2);
	assert_int_equal(c->clusters[0].count, 4);
	assert_int_equal(param_list_remove(root, config_body(&cfg), "clusters", 0, &d), 0);
	assert_int_equal(param_list_remove(root, config_body(&cfg), "clusters", 0, &d), -1);
	config_free(&cfg);
}

static void test_number_parsing(void **state)
{
	(void)state;
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	load_ok(&cfg, base_yaml, NULL);
	assert_int_equal(config_set(&cfg, "m", "8.0", &d), 0);
	assert_int_equal(config_set(&cfg, "m", "8.5", &d), -1);
	/* decimal only (strtod would read 16 and 32): refused, m unchanged */
	assert_int_equal(config_set(&cfg, "m", "0x10", &d), -1);
	assert_non_null(strstr(d.msg, "'0x10' is not a decimal number"));
	assert_int_equal(config_set(&cfg, "m", "0x1p5", &d), -1);
	assert_int_equal(mc_cfg(&cfg)->m, 8);
	assert_int_equal(config_set(&cfg, "m", "8", &d), 0);
	assert_int_equal(config_set(&cfg, "traffic.theta", "nan", &d), -1);
	assert_int_equal(config_set(&cfg, "traffic.theta", "inf", &d), -1);
	assert_int_equal(config_set(&cfg, "traffic.theta", "0.5x", &d), -1);
	assert_int_equal(config_set(&cfg, "traffic.theta", "1e-1", &d), 0);
	assert_true(mc_cfg(&cfg)->traffic.theta == 0.1);
	assert_int_equal(config_set(&cfg, "traffic.theta", "", &d), -1);
	config_free(&cfg);
}

static void test_dump_round_trip(void **state)
{
	(void)state;
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct diag d;
	load_ok(&a, base_yaml, NULL);
	/* Values that need all 17 digits survive. */
	assert_int_equal(config_set(&a, "clusters.0.tau", "0.1234567890123456", &d), 0);
	assert_int_equal(config_set(&a, "load.to", "0.000123", &d), 0);
	char *t1 = config_dump(&a);
	assert_non_null(t1);
	load_ok(&b, t1, NULL);
	char *t2 = config_dump(&b);
	assert_string_equal(t1, t2);
	assert_true(mc_cfg(&b)->clusters[0].tau == 0.1234567890123456);
	assert_string_equal(b.title, a.title);
	struct mc_params pa, pb;
	mc_config_params(mc_cfg(&a), &pa);
	mc_config_params(mc_cfg(&b), &pb);
	assert_memory_equal(&pa.g, &pb.g, sizeof pa.g);
	assert_true(pa.M == pb.M && pa.icn1.t_cn == pb.icn1.t_cn && pa.theta == pb.theta);
	/* The dump says what each field is. */
	assert_non_null(strstr(t1, "tau: 0.1234567890123456"));
	assert_non_null(strstr(t1, "# tau_i"));
	free(t1);
	free(t2);
	config_free(&a);
	config_free(&b);
}

static void test_srcmap(void **state)
{
	(void)state;
	struct config cfg = CONFIG_EMPTY;
	struct srcmap *map = NULL;
	load_ok(&cfg, base_yaml, &map);
	const struct srcmap_entry *e = srcmap_find(map, "clusters.1.tau");
	assert_non_null(e);
	assert_int_equal(e->line, 8);
	assert_memory_equal(base_yaml + e->start, "0.12", 4);
	assert_int_equal(e->end - e->start, 4);
	e = srcmap_find(map, "traffic.mix.1.length");
	assert_non_null(e);
	assert_memory_equal(base_yaml + e->start, "64", 2);
	struct diag d;
	diag_clear(&d);
	snprintf(d.path, sizeof d.path, "network.icn2.t_cs");
	srcmap_locate(map, &d);
	assert_int_equal(d.line, 12);
	srcmap_free(map);
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_values),
		cmocka_unit_test(test_errors_have_positions),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_number_parsing),
		cmocka_unit_test(test_dump_round_trip),
		cmocka_unit_test(test_srcmap),
	};
	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
