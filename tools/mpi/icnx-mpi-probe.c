/*
 * icnx-mpi-probe.c: measure what `icnx --calibrate` needs to fit the
 * switched-Ethernet model (Lastovetsky et al.) on a real cluster: ping-pong
 * round trips between pairs of MPI ranks over several message sizes, and
 * MPI_Bcast times, each the median of repetitions.  Writes the CSV
 * described in src/family/ethernet_calib.h and docs/calibration.md:
 *
 *   # comments ("# node R HOST" names rank R)
 *   kind,src,dst,bytes,seconds
 *   roundtrip,0,1,1024,2.1e-05       median round trip 0 -> 1 -> 0
 *   bcast,0,,1024,3.4e-05            median of max over ranks of MPI_Bcast
 *
 * Build (not part of `make`; needs an MPI compiler wrapper):
 *   sh tools/mpi/build.sh DIR    or    mpicc -O2 -o icnx-mpi-probe icnx-mpi-probe.c
 * Run:
 *   mpirun -np 4 ./icnx-mpi-probe -o measurements.csv
 * Options:
 *   -o FILE       write the CSV to FILE (default: standard output)
 *   -s MIN:MAX:N  N sizes from MIN to MAX bytes, log-spaced (default 1:1048576:11)
 *   -r REPS       repetitions per measurement, median taken (default 15)
 *   -m min        take the fastest repetition instead of the median (for a
 *                 shared or oversubscribed machine, where preemption adds
 *                 milliseconds to some repetitions)
 *   -w WARMUP     untimed repetitions first (default 2)
 *   -p PAIRS      pairs to ping-pong: "all" (default) or "0-1,1-2,0-2"
 *   -b ROOT       broadcast root (default 0); -B: no broadcast experiment
 *   -h            this help
 * A broadcast time is, per repetition, from the root entering MPI_Bcast to
 * the last rank leaving it, on rank 0's clock: each rank's clock offset to
 * rank 0 is estimated first from zero-byte ping-pongs (the exchange with the
 * shortest round trip, Cristian's method), so the clocks need not agree;
 * the root starts two such round trips after leaving the barrier, so that
 * the other ranks are waiting in MPI_Bcast.
 * (Timing each rank from a barrier instead is wrong for small messages: the
 * ranks leave a barrier up to a message latency apart.)  Which tree
 * MPI_Bcast uses is the library's choice: with Open MPI
 * force the binomial tree the model assumes with
 *   OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_bcast_algorithm=6
 * (lowbit, icnx's default broadcast.tree).
 * Exit status: 0 success, 1 MPI or I/O failure, 2 usage error.
 */
#include <mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZES 64
#define MAX_PAIRS 4096

struct opts {
	const char *out;
	double smin, smax;
	int nsizes, reps, warmup, root, bcast;
	int use_min;           /* -m min: the fastest repetition, not the median */
	int npairs;
	int pairs[2 * MAX_PAIRS];
	const char *pairs_arg;
};

static void usage(FILE *fp)
{
	fprintf(fp, "usage: mpirun -np N icnx-mpi-probe [-o FILE] [-s MIN:MAX:N] [-r REPS] "
		"[-w WARMUP]\n                               [-m median|min] [-p all|I-J,...] "
		"[-b ROOT | -B]\n");
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The statistic of n repetitions: the median (typical time), or with
 * use_min the fastest one, which filters out preemption on a shared or
 * oversubscribed machine (every rank on a few cores). */
static double summarise(double *v, int n, int use_min)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	if (use_min)
		return v[0];
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof *o);
	o->smin = 1;
	o->smax = 1048576;
	o->nsizes = 11;
	o->reps = 15;
	o->warmup = 2;
	o->bcast = 1;
	o->pairs_arg = "all";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "-h") == 0) {
			return 1;
		} else if (strcmp(a, "-B") == 0) {
			o->bcast = 0;
		} else if (strcmp(a, "-o") == 0 && v) {
			o->out = v;
			i++;
		} else if (strcmp(a, "-s") == 0 && v) {
			if (sscanf(v, "%lf:%lf:%d", &o->smin, &o->smax, &o->nsizes) != 3 ||
			    !(o->smin >= 0) || !(o->smax >= o->smin) || o->smax > 1 << 30 ||
			    o->nsizes < 1 || o->nsizes > MAX_SIZES ||
			    (o->nsizes > 1 && o->smax == o->smin))
				return -1;
			i++;
		} else if (strcmp(a, "-r") == 0 && v) {
			o->reps = atoi(v);
			if (o->reps < 1 || o->reps > 100000)
				return -1;
			i++;
		} else if (strcmp(a, "-w") == 0 && v) {
			o->warmup = atoi(v);
			if (o->warmup < 0 || o->warmup > 100000)
				return -1;
			i++;
		} else if (strcmp(a, "-m") == 0 && v) {
			if (strcmp(v, "min") == 0)
				o->use_min = 1;
			else if (strcmp(v, "median") != 0)
				return -1;
			i++;
		} else if (strcmp(a, "-b") == 0 && v) {
			o->root = atoi(v);
			i++;
		} else if (strcmp(a, "-p") == 0 && v) {
			o->pairs_arg = v;
			i++;
		} else {
			return -1;
		}
	}
	return 0;
}

/* Fill o->pairs from "all" or "I-J,K-L,..." for `size` ranks. */
static int parse_pairs(struct opts *o, int size)
{
	o->npairs = 0;
	if (strcmp(o->pairs_arg, "all") == 0) {
		for (int i = 0; i < size; i++)
			for (int j = i + 1; j < size; j++) {
				if (o->npairs == MAX_PAIRS)
					return -1;
				o->pairs[2 * o->npairs] = i;
				o->pairs[2 * o->npairs + 1] = j;
				o->npairs++;
			}
		return 0;
	}
	const char *p = o->pairs_arg;
	while (*p) {
		int i, j, used = 0;
		if (sscanf(p, "%d-%d%n", &i, &j, &used) != 2 || i < 0 || j < 0 || i >= size ||
		    j >= size || i == j || o->npairs == MAX_PAIRS)
			return -1;
		o->pairs[2 * o->npairs] = i;
		o->pairs[2 * o->npairs + 1] = j;
		o->npairs++;
		p += used;
		if (*p == ',')
			p++;
		else if (*p)
			return -1;
	}
	return o->npairs > 0 ? 0 : -1;
}

/* Offset to add to this rank's MPI_Wtime to get rank 0's, from `tries`
 * zero-byte exchanges with rank 0 (the one with the shortest round trip). */
static double clock_offset(int rank, int size, int tries, double *rtt)
{
	double offset = 0;
	*rtt = 0;
	for (int r = 1; r < size; r++) {
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank != 0 && rank != r)
			continue;
		double best = HUGE_VAL;
		for (int k = 0; k < tries; k++) {
			if (rank == r) {
				double t0 = MPI_Wtime(), t_root;
				MPI_Send(&t0, 1, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD);
				MPI_Recv(&t_root, 1, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD,
					 MPI_STATUS_IGNORE);
				double t1 = MPI_Wtime();
				if (t1 - t0 < best) {
					best = t1 - t0;
					offset = t_root - 0.5 * (t0 + t1);
					*rtt = best;
				}
			} else {
				double t, now;
				MPI_Recv(&t, 1, MPI_DOUBLE, r, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				now = MPI_Wtime();
				MPI_Send(&now, 1, MPI_DOUBLE, r, 4, MPI_COMM_WORLD);
			}
		}
	}
	return offset;
}

static int size_at(const struct opts *o, int k)
{
	if (o->nsizes == 1)
		return (int)o->smin;
	double lo = o->smin < 1 ? 1 : o->smin;
	if (k == 0)
		return (int)o->smin;
	double x = lo * pow(o->smax / lo, (double)k / (double)(o->nsizes - 1));
	return (int)floor(x + 0.5);
}

int main(int argc, char **argv)
{
	struct opts o;
	int rank, size, rc;
	char host[MPI_MAX_PROCESSOR_NAME];
	int hlen;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	rc = parse_args(argc, argv, &o);
	if (rc == 0 && parse_pairs(&o, size))
		rc = -1;
	if (rc == 0 && o.bcast && (o.root < 0 || o.root >= size))
		rc = -1;
	if (rc) {
		if (rank == 0) {
			if (rc < 0)
				fprintf(stderr, "icnx-mpi-probe: bad arguments (ranks 0..%d)\n",
					size - 1);
			usage(rc < 0 ? stderr : stdout);
		}
		MPI_Finalize();
		return rc < 0 ? 2 : 0;
	}
	if (size < 2) {
		if (rank == 0)
			fprintf(stderr, "icnx-mpi-probe: needs 2 or more ranks (calibration: 3 or "
				"more)\n");
		MPI_Finalize();
		return 2;
	}

	int sizes[MAX_SIZES];
	for (int k = 0; k < o.nsizes; k++)
		sizes[k] = size_at(&o, k);
	size_t maxb = (size_t)sizes[o.nsizes - 1] + 1;
	char *buf = malloc(maxb);
	int nrep = o.reps + o.warmup;
	double *times = malloc((size_t)nrep * sizeof *times);
	size_t nres = (size_t)o.npairs * (size_t)o.nsizes;
	double *res = calloc(nres, sizeof *res), *all = calloc(nres, sizeof *all);
	double *bres = calloc((size_t)o.nsizes, sizeof *bres);
	if (!buf || !times || !res || !all || !bres) {
		fprintf(stderr, "icnx-mpi-probe: rank %d: out of memory\n", rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	memset(buf, rank & 0xff, maxb);

	/* Ping-pong: every rank walks the same (pair, size) blocks in step. */
	for (int p = 0; p < o.npairs; p++) {
		int a = o.pairs[2 * p], b = o.pairs[2 * p + 1];
		for (int k = 0; k < o.nsizes; k++) {
			int M = sizes[k];
			MPI_Barrier(MPI_COMM_WORLD);
			if (rank != a && rank != b)
				continue;
			for (int r = 0; r < nrep; r++) {
				if (rank == a) {
					double t0 = MPI_Wtime();
					MPI_Send(buf, M, MPI_BYTE, b, 1, MPI_COMM_WORLD);
					MPI_Recv(buf, M, MPI_BYTE, b, 2, MPI_COMM_WORLD,
						 MPI_STATUS_IGNORE);
					times[r] = MPI_Wtime() - t0;
				} else {
					MPI_Recv(buf, M, MPI_BYTE, a, 1, MPI_COMM_WORLD,
						 MPI_STATUS_IGNORE);
					MPI_Send(buf, M, MPI_BYTE, a, 2, MPI_COMM_WORLD);
				}
			}
			if (rank == a)
				res[(size_t)p * (size_t)o.nsizes + (size_t)k] =
					summarise(times + o.warmup, o.reps, o.use_min);
		}
	}
	MPI_Reduce(res, all, (int)nres, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

	/* Broadcast: per repetition, from the root's start to the last rank's
	 * end, on rank 0's clock. */
	if (o.bcast) {
		double rtt, worst_rtt = 0;
		double offset = clock_offset(rank, size, 50, &rtt);
		/* The root starts 2 round trips after leaving the barrier, so that
		 * every rank has left it and waits in MPI_Bcast. */
		MPI_Allreduce(&rtt, &worst_rtt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
		for (int k = 0; k < o.nsizes; k++) {
			int M = sizes[k];
			for (int r = 0; r < nrep; r++) {
				double start = 0, end, last = 0;
				MPI_Barrier(MPI_COMM_WORLD);
				if (rank == o.root) {
					double go = MPI_Wtime() + 2 * worst_rtt;
					while (MPI_Wtime() < go)
						;
					start = MPI_Wtime() + offset;
				}
				MPI_Bcast(buf, M, MPI_BYTE, o.root, MPI_COMM_WORLD);
				end = MPI_Wtime() + offset;
				MPI_Reduce(&end, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
				if (o.root != 0) {
					if (rank == o.root)
						MPI_Send(&start, 1, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
					else if (rank == 0)
						MPI_Recv(&start, 1, MPI_DOUBLE, o.root, 5, MPI_COMM_WORLD,
							 MPI_STATUS_IGNORE);
				}
				times[r] = last - start;
			}
			if (rank == 0)
				bres[k] = summarise(times + o.warmup, o.reps, o.use_min);
		}
	}

	/* Host names for the "# node" comments. */
	memset(host, 0, sizeof host);
	MPI_Get_processor_name(host, &hlen);
	char *hosts = rank == 0 ? calloc((size_t)size, MPI_MAX_PROCESSOR_NAME) : NULL;
	MPI_Gather(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, hosts, MPI_MAX_PROCESSOR_NAME,
		   MPI_CHAR, 0, MPI_COMM_WORLD);

	int status = 0;
	if (rank == 0) {
		FILE *fp = o.out ? fopen(o.out, "w") : stdout;
		if (!fp) {
			perror(o.out);
			status = 1;
		} else {
			char lib[MPI_MAX_LIBRARY_VERSION_STRING], when[64];
			int llen;
			time_t now = time(NULL);
			MPI_Get_library_version(lib, &llen);
			char *nl = strchr(lib, '\n');
			if (nl)
				*nl = '\0';
			strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
			fprintf(fp, "# icnx-mpi-probe: %d ranks, %s, %s\n", size, lib, when);
			fprintf(fp, "# %d sizes %d..%d bytes, %s of %d repetitions (%d warm-up); "
				"%d pairs%s\n", o.nsizes, sizes[0], sizes[o.nsizes - 1],
				o.use_min ? "minimum" : "median", o.reps,
				o.warmup, o.npairs, o.bcast ? "; MPI_Bcast" : "");
			for (int r = 0; r < size; r++)
				fprintf(fp, "# node %d %s\n", r, hosts + (size_t)r * MPI_MAX_PROCESSOR_NAME);
			fprintf(fp, "kind,src,dst,bytes,seconds\n");
			for (int p = 0; p < o.npairs; p++)
				for (int k = 0; k < o.nsizes; k++)
					fprintf(fp, "roundtrip,%d,%d,%d,%.6g\n", o.pairs[2 * p],
						o.pairs[2 * p + 1], sizes[k],
						all[(size_t)p * (size_t)o.nsizes + (size_t)k]);
			if (o.bcast)
				for (int k = 0; k < o.nsizes; k++)
					fprintf(fp, "bcast,%d,,%d,%.6g\n", o.root, sizes[k], bres[k]);
			if (ferror(fp) || (fp != stdout ? fclose(fp) : fflush(fp))) {
				perror(o.out ? o.out : "stdout");
				status = 1;
			}
		}
	}
	free(hosts);
	free(buf);
	free(times);
	free(res);
	free(all);
	free(bres);
	MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Finalize();
	return status;
}
