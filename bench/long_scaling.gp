# Long-string scaling: time per code point against N, log-log, one line per
# implementation.  Input: results/long-<impl>.dat written by report.py.
# gnuplot -e "dir='bench/results'; out='bench/long_scaling.png'" bench/long_scaling.gp
if (!exists("dir")) dir = 'results'
if (!exists("out")) out = 'long_scaling.png'
if (!exists("heading")) heading = "Raw Punycode of one long string (ICU rejects > 1,000 code points; peers capped after a 2 s call)"
# A line for every implementation whose .dat file exists.
have(i) = system("test -s '".dir."/long-".i.".dat' && echo 1 || echo 0") eq "1"
set terminal pngcairo size 1200,520 enhanced font 'DejaVu Sans,10'
set output out
set logscale xy
set format x '2^{%L}'
set format y '10^{%L}'
set xlabel 'N (code points in the string)'
set ylabel 'ns per code point (median)'
set grid xtics ytics mytics
set key top left
set xrange [0.7:1.5e6]
set yrange [1:1e6]
set style line 1 lc rgb '#1b9e77' lw 2.5 pt 7 ps 1.2
set style line 2 lc rgb '#66c2a5' lw 1.5 pt 6 ps 1.0 dt 2
set style line 3 lc rgb '#d95f02' lw 2 pt 5 ps 1.1
set style line 4 lc rgb '#7570b3' lw 2 pt 9 ps 1.2
set style line 5 lc rgb '#e7298a' lw 2 pt 11 ps 1.2
set style line 6 lc rgb '#1b9e77' lw 1.5 pt 4 ps 1.0 dt 3
set logscale x 2
set multiplot layout 1,2 title heading
# One line per implementation with a .dat file (puny-alloc and ada are
# optional peers/forms).
impls = "puny puny-alloc libidn2 libidn ada"
present = ""
do for [i in impls] { if (have(i)) { present = present." ".i } }
label(i) = i eq "puny" ? "puny" : i eq "puny-alloc" ? "puny (allocating)" : i eq "libidn" ? "GNU libidn" : i eq "ada" ? "ada-idna" : i
style(i) = i eq "puny" ? 1 : i eq "puny-alloc" ? 6 : i eq "libidn2" ? 3 : i eq "libidn" ? 4 : 5
set title 'encode'
plot for [i in present] dir.'/long-'.i.'.dat' using 1:2 with linespoints ls style(i) title label(i)
set title 'decode'
plot for [i in present] dir.'/long-'.i.'.dat' using 1:3 with linespoints ls style(i) title label(i)
unset multiplot
