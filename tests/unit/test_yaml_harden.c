/*
 * test_yaml_harden.c: regression tests for the loader and writers of
 * issue 14: an absent optional field in a list item (defect 1), text fields
 * with control characters, invalid UTF-8 or line separators (defect 6),
 * repeated top-level keys (defect 10), the nesting-depth limit (defect 3),
 * the splice of edited text values (quoting kept loadable), and the source
 * map's byte offsets in linear time (found by the fuzz harnesses: a 3 MB
 * comment before 8000 scalars took 67 s; a CPU-time limit, not a clock,
 * ends the quadratic run).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "base/textcheck.h"
#include "config/config.h"
#include "family/family.h"
#include "config/param.h"
#include "config/save.h"
#include "config/yaml_dump.h"
#include "config/yaml_load.h"

static const char eth_yaml[] =
	"model: ethernet\n"
	"classes:\n"
	"  - {count: 2, C: 40e-6, t: 2e-9}\n"
	"  - {count: 4, C: 35e-6, t: 1.8e-9}\n"
	"  - {count: 1, C: 45e-6, t: 2.4e-9}\n"
	"link_rate: 1.25e8\n"
	"threshold: 1024\n"
	"broadcast: {Gamma: 150e-6, tau: 1e-9}\n";

static int parse(struct config *cfg, const char *text, struct diag *d)
{
	config_free(cfg);   /* cfg holds a configuration or is empty */
	if (config_parse_text(cfg, text, strlen(text), "t.yaml", NULL, d))
		return -1;
	return config_validate(cfg, d);
}

static void load_ok(struct config *cfg, const char *text)
{
	struct diag d;
	char msg[1024];
	if (parse(cfg, text, &d))
		fail_msg("load failed: %s\n%s", diag_format(&d, msg, sizeof msg), text);
}

static const char *load_err(const char *text, size_t len)
{
	static char msg[1024];
	struct config cfg;
	struct diag d;
	if (config_parse_text(&cfg, text, len, "t.yaml", NULL, &d) == 0 &&
	    config_validate(&cfg, &d) == 0)
		fail_msg("expected an error");
	config_free(&cfg);
	return diag_format(&d, msg, sizeof msg);
}

/* Dump cfg, load it back, and require the same configuration. */
static void round_trip(const struct config *cfg)
{
	struct config back = CONFIG_EMPTY;
	char *text = config_dump(cfg);
	assert_non_null(text);
	load_ok(&back, text);
	char *again = config_dump(&back);
	assert_string_equal(text, again);
	free(text);
	free(again);
	config_free(&back);
}

/* Defect 1: deleting a class whose optional name is absent, then dumping. */
static void test_absent_optional_first_field(void **state)
{
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	load_ok(&cfg, eth_yaml);
	assert_int_equal(param_list_remove(cfg.family->schema.params, config_body(&cfg), "classes", 1,
					   &d), 0);
	char *text = config_dump(&cfg);
	assert_null(strstr(text, "-     count"));
	free(text);
	round_trip(&cfg);
	config_free(&cfg);
	config_free(&cfg);
}

/* Defect 6: text fields refuse control characters and the like ... */
static void test_text_rule(void **state)
{
	assert_null(text_problem("hcl01 Dell PE750 3.4GHz é", 26));
	assert_non_null(text_problem("\x01", 1));
	assert_non_null(text_problem("a\rb", 3));
	assert_non_null(text_problem("a\x7f", 2));
	assert_non_null(text_problem("a\xc2\x85", 3));          /* U+0085 NEL */
	assert_non_null(text_problem("a\xe2\x80\xa8", 4));      /* U+2028 */
	assert_non_null(text_problem("a\xff", 2));              /* invalid */
	assert_non_null(text_problem("\xc0\xaf", 2));           /* overlong */
	assert_non_null(text_problem("\xed\xa0\x80", 3));       /* surrogate */
	assert_non_null(text_problem("\xe2\x82", 2));           /* cut */
	assert_int_equal(text_cut("ab\xc3\xa9", 3), 2);
	assert_int_equal(text_cut("ab\xc3\xa9", 4), 4);
	assert_int_equal(text_cut("abc", 2), 2);
}

/* ... in the file, in --set, and in the title. */
static void test_text_fields_refuse_controls(void **state)
{
	const char *cases[] = {
		"model: ethernet\ntitle: \"\\x01\"\n",
		"model: ethernet\ntitle: \"a\\rb\"\n",
		"model: ethernet\ntitle: \"a\\Lb\"\n",             /* U+2028 */
		"model: ethernet\ntitle: \"a\\x7f\"\n",
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *t = malloc(strlen(cases[i]) + sizeof eth_yaml);
		sprintf(t, "%s%s", cases[i], eth_yaml + strlen("model: ethernet\n"));
		const char *m = load_err(t, strlen(t));
		assert_non_null(strstr(m, "title"));
		free(t);
	}
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	load_ok(&cfg, eth_yaml);
	assert_int_not_equal(config_set(&cfg, "classes.0.name", "a\rb", &d), 0);
	assert_int_not_equal(config_set(&cfg, "classes.0.name", "\x01", &d), 0);
	assert_int_not_equal(config_set(&cfg, "classes.0.name", "bad\xff", &d), 0);
	assert_int_not_equal(config_set(&cfg, "classes.0.name", "x\xe2\x80\xa8y", &d), 0);
	config_free(&cfg);
	config_free(&cfg);
}

/* Every allowed text is written so that it reads back the same. */
static void test_text_dump_round_trip(void **state)
{
	const char *names[] = { "null", "~", "a: b", "-x", "#c", "say \"hi\"", "back\\slash",
				"it's", " lead", "trail ", "é ü", "[x]", "{y}", "- z", "? q" };
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	load_ok(&cfg, eth_yaml);
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if (config_set(&cfg, "classes.0.name", names[i], &d))
			continue;   /* refused at the door: fine */
		round_trip(&cfg);
	}
	snprintf(cfg.title, sizeof cfg.title, "%s", "a \"title\": with # and \\");
	round_trip(&cfg);
	config_free(&cfg);
	config_free(&cfg);
}

/* Defect 10: model and title appear once. */
static void test_top_keys_once(void **state)
{
	char t[2048];
	snprintf(t, sizeof t, "%smodel: star\n", eth_yaml);
	assert_non_null(strstr(load_err(t, strlen(t)), "given twice"));
	snprintf(t, sizeof t, "model: ethernet\ntitle: a\ntitle: b\n%s",
		 eth_yaml + strlen("model: ethernet\n"));
	assert_non_null(strstr(load_err(t, strlen(t)), "given twice"));
}

/* Defect 3: deep nesting is refused (and cheaply: before libyaml builds
 * the document). */
static void test_depth_limit(void **state)
{
	size_t depth = 80000;
	size_t n = strlen("model: star\nV: ") + 2 * depth + 2;
	char *t = malloc(n + 1);
	size_t k = (size_t)sprintf(t, "model: star\nV: ");
	memset(t + k, '[', depth);
	memset(t + k + depth, ']', depth);
	t[k + 2 * depth] = '\n';
	t[k + 2 * depth + 1] = '\0';
	assert_non_null(strstr(load_err(t, strlen(t)), "nested too deeply"));
	/* Block nesting too. */
	char *deep;
	size_t len = 0;
	deep = malloc(200000);
	len = (size_t)sprintf(deep, "model: star\nx:\n");
	for (int i = 0; i < 300; i++)
		len += (size_t)sprintf(deep + len, "%*sa:\n", i + 1, "");
	assert_non_null(strstr(load_err(deep, len), "nested too deeply"));
	free(deep);
	free(t);
	/* A preset at the limit's side still loads. */
	struct config cfg = CONFIG_EMPTY;
	load_ok(&cfg, eth_yaml);
	config_free(&cfg);
	config_free(&cfg);
}

/* The splice keeps edited text loadable (quotes in quotes, specials in
 * plain scalars): comments are kept instead of the user being asked. */
static void test_splice_text_quoting(void **state)
{
	static const char orig[] =
		"model: ethernet\n"
		"title: 'single'   # c1\n"
		"classes:\n"
		"  - {name: plain, count: 2, C: 40e-6, t: 2e-9}   # c2\n"
		"  - {name: \"dq\", count: 4, C: 35e-6, t: 1.8e-9}\n"
		"link_rate: 1.25e8\n"
		"threshold: 1024\n"
		"broadcast: {Gamma: 150e-6, tau: 1e-9}\n";
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	char why[256];
	bool lossy;
	load_ok(&cfg, orig);
	assert_int_equal(config_set(&cfg, "classes.0.name", "a: b # c", &d), 0);
	assert_int_equal(config_set(&cfg, "classes.1.name", "say \"hi\" \\", &d), 0);
	char *out = save_splice(orig, strlen(orig), &cfg, &lossy, why, sizeof why);
	assert_false(lossy);
	assert_non_null(strstr(out, "# c2"));
	free(out);
	config_free(&cfg);
	config_free(&cfg);
}

/* The source map is linear in the file: a 3 MB comment, then 8000 links,
 * with positions still right (libyaml counts characters, é is 2 bytes). */
static void test_srcmap_linear(void **state)
{
	struct rusage ru;
	struct rlimit rl;
	getrusage(RUSAGE_SELF, &ru);
	assert_int_equal(getrlimit(RLIMIT_CPU, &rl), 0);
	rlim_t old = rl.rlim_cur;
	rl.rlim_cur = (rlim_t)ru.ru_utime.tv_sec + (rlim_t)ru.ru_stime.tv_sec + 20;
	setrlimit(RLIMIT_CPU, &rl);
	size_t cap = 3100000 + 8000 * 32;
	char *t = malloc(cap);
	size_t n = (size_t)sprintf(t, "model: irregular\nswitches: 1024\nports: 64\nnodes: 1\n#");
	for (int i = 0; i < 1500000; i++) {
		memcpy(t + n, "\xc3\xa9", 2);
		n += 2;
	}
	n += (size_t)sprintf(t + n, "\nlinks:\n");
	for (int i = 0; i < 8000; i++)
		n += (size_t)sprintf(t + n, "  - [%d, %d]\n", i % 1024, (i * 7 + 1) % 1024);
	struct config cfg = CONFIG_EMPTY;
	struct diag d;
	struct srcmap *map = NULL;
	assert_int_equal(config_parse_text(&cfg, t, n, "big.yaml", &map, &d), 0);
	const struct srcmap_entry *e = srcmap_find(map, "links.7999.b");
	assert_non_null(e);
	char want[32];
	snprintf(want, sizeof want, "%d", (7999 * 7 + 1) % 1024);
	assert_memory_equal(t + e->start, want, strlen(want));
	assert_int_equal(e->end - e->start, strlen(want));
	e = srcmap_find(map, "links.0.a");
	assert_non_null(e);
	assert_memory_equal(t + e->start, "0", 1);
	srcmap_free(map);
	config_free(&cfg);
	free(t);
	rl.rlim_cur = old;
	setrlimit(RLIMIT_CPU, &rl);
	config_free(&cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absent_optional_first_field),
		cmocka_unit_test(test_text_rule),
		cmocka_unit_test(test_text_fields_refuse_controls),
		cmocka_unit_test(test_text_dump_round_trip),
		cmocka_unit_test(test_top_keys_once),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_splice_text_quoting),
		cmocka_unit_test(test_srcmap_linear),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
